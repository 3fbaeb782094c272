import { copyFileSync, cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import type { ProductPageFile, SiteShellFile } from "../../app/content/schemas";

// Edits an editor could make at /admin, each of a kind the content schemas accept: one page's
// file rewritten in every word it shows (hardware.yaml, in Afrikaans), letters beyond English
// (ê ë é ô, and š and Č from Inter's latin-ext file), a very long word, an em dash, quotation
// marks, and the {companyName} placeholder in a heading and a page title.
// `npm test` (scripts/test.mjs) builds the site from such a copy and runs the content-driven
// browser suites on it, which read the same copy.

/** A product added as the editor writes one (app/content/fixtures/remote-valve.yaml). */
export const fixtureProduct = join(
  import.meta.dirname,
  "../../app/content/fixtures/remote-valve.yaml",
);

/** Documents uploaded as the editor writes them, with tiny PDFs (app/content/fixtures/documents/). */
export const fixtureDocuments = join(import.meta.dirname, "../../app/content/fixtures/documents");

/** A long Afrikaans compound, longer than a phone is wide at the heading's size. */
export const longWord = "Waterbestuursinligtingstelselontwikkelingsprojekbestuurder";

/** The file whose every user-visible string is rewritten. */
export const rewrittenFile = "hardware.yaml";

/**
 * hardware.yaml, every text rewritten; only what names a picture stays a picture's name. Its
 * heading holds "š", a letter only Inter's latin-ext file has: the build must cut and preload
 * a face for it, or the heading is drawn in the fallback font on a first view.
 */
const hardware = (original: ProductPageFile): ProductPageFile => ({
  page: {
    title: "{companyName} se hardeware — “gebou om te hou”",
    description:
      "Ons dataverbindingseenheid, slim watermeters en roeteermodules: plaaslik ontwerp en saamgestel in Suid-Afrika.",
    headerLabel: "Toerusting",
    footerLabel: "Ons toerusting",
    shareCard: {
      picture: original.page.shareCard.picture,
      description: "’n dataverbindingseenheid, ’n slim watermeter en ’n roeteermodule",
    },
  },
  hero: {
    label: "Ons hardeware",
    heading: "Gehalte-hardeware, getoets van Pietermaritzburg tot Košice",
    subheading: "Meters, dataverbindingseenhede en roeteermodules wat as één stelsel werk.",
    paragraph:
      "Elke deel van ons meternetwerk is gebou vir betroubare, veilige lesings, en ons meters word plaaslik ontwerp en saamgestel. Dít is wat in ’n installasie gaan.",
    illustration: {
      picture: original.hero.illustration.picture,
      alt: "’n Slim watermeter, ’n dataverbindingseenheid en ’n roeteermodule, aan mekaar gekoppel",
    },
  },
  highlights: {
    heading: "Drie dele, een gekoppelde netwerk — met 10+ jaar se battery",
    intro:
      "Watermeters meet, roeteermodules dra hul lesings oor ’n terrein, en die dataverbindingseenheid stuur dit veilig aan ons sagteware.",
    columns: [
      {
        heading: "Watermeters",
        description:
          "Meet die vloei by elke eiendom en stuur ’n lesing per 100 liter, op ’n battery wat 10+ jaar hou.",
      },
      {
        heading: "Roeteermodules",
        description:
          "Dra lesings oor ’n landgoed of ’n straat. Hulle werk op ’n 220 V-installasie met ’n battery wat 12+ uur hou.",
      },
      {
        heading: "Dataverbindingseenheid",
        description:
          "Stuur lesings aan met 256-bis-enkripsie, en werk tot 12 uur lank op sy eie battery.",
      },
    ].map((column, index) => ({
      icon:
        original.highlights.columns[index % original.highlights.columns.length]?.icon ??
        "icon-meter",
      ...column,
    })),
  },
  features: [
    {
      alt: "Die dataverbindingseenheid: ’n kassie met ’n antenna, statusligte en ’n hangslot",
      featureName: "Dataverbinding",
      heading: "’n Veilige skakel tussen jou meters en ons sagteware",
      paragraph:
        "Die dataverbindingseenheid versamel die lesings van jou meters en stuur dit aan ons sagteware. Alles wat dit stuur, is beskerm, en sy battery hou dit aan die gang as die krag uitval.",
      bulletPoints: [
        "256-bis-enkripsie op alles wat dit stuur",
        "Batterylewe van tot 12 uur",
        "Werk saam met ons watermeters en roeteermodules",
      ],
    },
    {
      alt: "’n Slim watermeter met ’n digitale skerm, aan ’n waterpyp vasgemaak",
      featureName: "Slim watermeters",
      heading: `Lesings vir die ${longWord}`,
      paragraph:
        "Ons slim watermeters word plaaslik ontwerp en saamgestel. Elke meter stuur ’n lesing vir elke 100 liter wat daardeur vloei, sodat niemand die eiendom hoef te besoek nie.",
      bulletPoints: [
        "Stuur ’n lesing per 100 liter",
        "Batterylewe van 10+ jaar",
        "Plaaslik ontwerp en saamgestel",
      ],
    },
    {
      alt: "’n Roeteermodule met twee antennas en ’n kragprop, gekoppel aan ander toestelle",
      featureName: "Roeteermodules",
      heading: "Dekking oor die hele terrein",
      paragraph:
        "Roeteermodules brei die netwerk uit sodat lesings van elke meter op ’n landgoed, ’n kompleks of ’n straat die dataverbindingseenheid bereik.",
      bulletPoints: [
        "220 V-installasie",
        "Batterylewe van 12+ uur",
        "Brei die netwerk uit na meters verder weg",
      ],
    },
  ].map(({ alt, ...row }, index) => ({
    illustration: {
      picture:
        original.features[index % original.features.length]?.illustration.picture ??
        original.hero.illustration.picture,
      alt,
    },
    ...row,
  })),
});

type Edit =
  | {
      file: "home.yaml" | "software.yaml" | "hardware.yaml";
      change: (data: ProductPageFile) => ProductPageFile | undefined;
    }
  | { file: "site-shell.yaml"; change: (data: SiteShellFile) => SiteShellFile | undefined };

export const edits: Edit[] = [
  { file: rewrittenFile, change: hardware },
  {
    file: "home.yaml",
    change: (data) => {
      data.hero.heading = "Slim watermeters van {companyName}: sê “kliënt” — sô, één";
      data.hero.paragraph = `${data.hero.paragraph} Ons ${longWord} praat Afrikaans, Češka en Français.`;
      return data;
    },
  },
  {
    file: "software.yaml",
    change: (data) => {
      data.page.description = `${data.page.description} Now in Sesotho and isiZulu.`;
      return data;
    },
  },
  {
    file: "site-shell.yaml",
    change: (data) => {
      data.footer.tagline = "{companyName}: slim watermeters, made in South Africa.";
      return data;
    },
  },
];

/** The strings of a content file a visitor reads or hears: all but picture and product names, kinds and anchors. */
export function userVisibleStrings(value: unknown, key = ""): string[] {
  if (typeof value === "string") {
    return ["picture", "icon", "type", "id", "product"].includes(key) ? [] : [value];
  }
  if (Array.isArray(value)) return value.flatMap((item) => userVisibleStrings(item, key));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([inner, item]) => userVisibleStrings(item, inner));
  }
  return [];
}

/**
 * Copies the content files from `from` to `to` and applies the edits. Returns the user-visible
 * strings the rewritten file held before, none of which it holds now.
 */
export function writeEditedContent(from: string, to: string): string[] {
  for (const name of readdirSync(from)) {
    if (name.endsWith(".yaml")) copyFileSync(join(from, name), join(to, name));
  }
  cpSync(join(from, "products"), join(to, "products"), { recursive: true });
  // A product an editor adds: a file in the folder, with a note and no unit on its rows.
  copyFileSync(fixtureProduct, join(to, "products", "remote-valve.yaml"));
  // Documents as the editor uploads them: an installation guide and the valve's own datasheet.
  cpSync(fixtureDocuments, join(to, "documents"), { recursive: true });
  let replaced: string[] = [];
  for (const { file, change } of edits) {
    const path = join(to, file);
    const before = parse(readFileSync(path, "utf8"));
    const after = (change as (data: unknown) => unknown)(structuredClone(before));
    if (file === rewrittenFile) {
      replaced = userVisibleStrings(before);
      const now = userVisibleStrings(after);
      const kept = replaced.filter((text) => now.some((edited) => edited.includes(text)));
      if (kept.length > 0) throw new Error(`${file}: the rewrite keeps ${JSON.stringify(kept)}`);
    }
    writeFileSync(path, stringify(after));
  }
  return replaced;
}
