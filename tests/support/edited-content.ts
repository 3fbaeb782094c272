import { copyFileSync, cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import type { ProductPageFile, SiteShellFile } from "../../app/content/schemas";

// Content as an editor might change it at /admin, each edit of a kind the schemas accept, and
// with what launch content leaves out; `npm test` (scripts/test.mjs) builds the site from it.

const fixtures = join(import.meta.dirname, "../../app/content/fixtures");

/** A product added as the editor writes one (app/content/fixtures/remote-valve.yaml). */
export const fixtureProduct = join(fixtures, "remote-valve.yaml");

/** Documents uploaded as the editor writes them, with tiny PDFs (app/content/fixtures/documents/). */
export const fixtureDocuments = join(fixtures, "documents");

/**
 * What the launch content leaves out until the company gives it (issue 40): one case study of
 * each part (results, a named quote with consent, three photos) and every contact detail.
 */
export const proofFixtures = join(fixtures, "proof");

/** The file whose every user-visible string is rewritten. */
const rewrittenFile = "hardware.yaml";

const edits = {
  [rewrittenFile]: () => parse(readFileSync(join(fixtures, "hardware-rewritten.yaml"), "utf8")),
  // Letters beyond English (ê ë é ô, and Č from Inter's latin-ext file), a compound longer than
  // a phone is wide, an em dash, quotation marks and the {companyName} placeholder.
  "home.yaml": (data: ProductPageFile) => {
    data.hero.heading = "Slim watermeters van {companyName}: sê “kliënt” — sô, één";
    data.hero.paragraph = `${data.hero.paragraph} Ons Waterbestuursinligtingstelselontwikkelingsprojekbestuurder praat Afrikaans, Češka en Français.`;
  },
  "software.yaml": (data: ProductPageFile) => {
    data.page.description = `${data.page.description} Now in Sesotho and isiZulu.`;
  },
  "site-shell.yaml": (data: SiteShellFile) => {
    data.footer.tagline = "{companyName}: slim watermeters, made in South Africa.";
  },
};

/** The strings of a content file a visitor reads or hears: all but picture and product names, kinds and anchors. */
function userVisibleStrings(value: unknown, key = ""): string[] {
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
 * Copies the content files from `from` to `to` and applies the edits. Throws if the rewritten
 * file still holds any of the user-visible strings it held before.
 */
export function writeEditedContent(from: string, to: string): void {
  for (const name of readdirSync(from)) {
    if (name.endsWith(".yaml")) copyFileSync(join(from, name), join(to, name));
  }
  cpSync(join(from, "products"), join(to, "products"), { recursive: true });
  // A product an editor adds: a file in the folder, with a note and no unit on its rows, a
  // drawing, approvals (one with its certificate published) and a numbered datasheet.
  copyFileSync(fixtureProduct, join(to, "products", "remote-valve.yaml"));
  // Its drawing, uploaded beside the products as the editor uploads it.
  cpSync(join(fixtures, "photos"), join(to, "products", "photos"), { recursive: true });
  // Documents as the editor uploads them: an installation guide, the valve's certificate and the
  // routing module's own datasheet.
  cpSync(fixtureDocuments, join(to, "documents"), { recursive: true });
  cpSync(proofFixtures, to, { recursive: true });
  for (const [file, change] of Object.entries(edits)) {
    const path = join(to, file);
    const before = parse(readFileSync(path, "utf8"));
    const data = structuredClone(before);
    const after = (change as (data: unknown) => unknown)(data) ?? data;
    if (file === rewrittenFile) {
      const now = userVisibleStrings(after);
      const kept = userVisibleStrings(before).filter((text) =>
        now.some((edit) => edit.includes(text)),
      );
      if (kept.length > 0) throw new Error(`${file}: the rewrite keeps ${JSON.stringify(kept)}`);
    }
    writeFileSync(path, stringify(after));
  }
}
