import { type CollectionEntry, getEntry } from "astro:content";
import { ENQUIRY_RETENTION_DAYS, ENQUIRY_WEBHOOK_URL, SMTP_URL } from "astro:env/server";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { siteConfig } from "../config.ts";
import { charactersByFile, cutWeights, type InterFile } from "../lib/web-font.ts";
import { type PageEntry, type PageKind, pageList } from "./page-list.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";

// The copy as pages read it at build time: each content file, checked by its collection's
// schema (app/content.config.ts), with the settings' placeholders filled.

export const placeholders = placeholderValues({
  companyName: siteConfig.companyName,
  retentionDays: ENQUIRY_RETENTION_DAYS,
  delivery: { email: Boolean(SMTP_URL?.trim()), webhook: Boolean(ENQUIRY_WEBHOOK_URL?.trim()) },
});

type Data<Collection extends PageKind | "shell"> = CollectionEntry<Collection>["data"];

async function read<Collection extends PageKind | "shell">(collection: Collection, id: string) {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`no ${collection} content ${id}`);
  return fillPlaceholders(entry.data as Data<Collection>, placeholders);
}

/** A page's whole content file. */
export const pageContent = <Kind extends PageKind>(page: { id: string; kind: Kind }) =>
  read(page.kind, page.id);

/** The parts every page shares: skip link, header, footer, Get in Touch, error pages. */
export const shellContent = () => read("shell", "site-shell");

/** The page list, each page with its own words (title, description, link texts, share card). */
export async function sitePages() {
  return Promise.all(
    pageList.map(async (page: PageEntry) => ({ ...page, ...(await pageContent(page)).page })),
  );
}

export type SitePage = Awaited<ReturnType<typeof sitePages>>[number];

/** Every text of the copy as the pages show it, with its file and field. */
export async function* copyTexts() {
  const files = [
    ...(await Promise.all(
      pageList.map(async (page) => [page.id, await pageContent(page)] as const),
    )),
    ["site-shell", await shellContent()] as const,
  ];
  function* walk(value: unknown, field: string): Generator<{ field: string; text: string }> {
    if (typeof value === "string") yield { field, text: value };
    else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value))
        yield* walk(item, field ? `${field}.${key}` : key);
    }
  }
  for (const [id, data] of files)
    for (const found of walk(data, "")) yield { file: `${id}.yaml`, ...found };
}

export type CutFace = {
  file: InterFile;
  characters: string;
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
};

const inter = (file: InterFile) =>
  createRequire(import.meta.url).resolve(
    `@fontsource-variable/inter/files/inter-${file}-wght-normal.woff2`,
  );

let faces: Promise<CutFace[]> | undefined;

/**
 * The web font's faces cut for this build's copy (app/lib/web-font.ts), one per Inter file that
 * holds some of its characters, each named by a hash of its bytes. Made once per build.
 */
export function siteFontFaces(): Promise<CutFace[]> {
  faces ??= (async () => {
    const texts = [];
    for await (const found of copyTexts()) texts.push(found);
    const characters = charactersByFile(texts.map((found) => found.text));
    for (const char of characters.missing) {
      const where = texts.find((found) => found.text.includes(char));
      console.warn(
        `Inter has no "${char}" (first in ${where?.file}: ${where?.field}): it shows in a fallback font.`,
      );
    }
    const cut: CutFace[] = [];
    for (const file of ["latin", "latin-ext"] as const) {
      if (!characters[file]) continue;
      const font = await subsetFont(await readFile(inter(file)), characters[file], {
        targetFormat: "woff2",
        variationAxes: { wght: cutWeights },
        keepFeatures: ["kern"],
        // The axis names a browser never reads.
        dropTables: ["STAT"],
      });
      const bytes = new Uint8Array(font);
      const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 10);
      cut.push({
        file,
        characters: characters[file],
        name: `inter-${file}-cut-${hash}.woff2`,
        bytes,
      });
    }
    return cut;
  })();
  return faces;
}
