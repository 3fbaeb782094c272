import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
import { buildSettings } from "../../contract/settings.ts";
import { readSettings } from "../../contract/settings-source.ts";
import { buildManifestOf } from "../../contract/site-build.ts";
import { contentFileOf, type PageEntry, type PageKind, pageList } from "./page-list.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";
import { pageSchemas, siteShellFile, siteShellFileName } from "./schemas.ts";

// The one reader of the site's copy, for pages, tests and tools alike: each content file checked
// by its schema, the settings' placeholders filled, joined with the page list. Pages read the
// files through Astro's content collections (app/content.config.ts), which check them as the
// build starts; tests and tools read the same files from disk, so a test compares a page with
// the words it should show.

/** app/content/, or CONTENT_DIR (tests build and check edited copies), as it is set now. */
export const contentDir = () => resolve(readSettings().CONTENT_DIR || import.meta.dirname);

/** Every content file the site reads: one per page of the list, and the shell's. */
export const contentFileNames = [...pageList.map(contentFileOf), siteShellFileName];

/** The build's settings, checked (contract/settings.ts): the environment, then `.env`. */
export const siteSettings = buildSettings(readSettings());

/** What the build is made with, beyond the words: the build writes it beside the site. */
export const buildManifest = buildManifestOf(siteSettings);

/** What {companyName} and {retentionStatement} stand for in this build's copy. */
export const placeholders = placeholderValues(siteSettings.VITE_COMPANY_NAME, buildManifest);

/** Each collection's schema: app/content.config.ts defines a collection of each over the files. */
const collectionSchemas = { ...pageSchemas, shell: siteShellFile };
type Collection = keyof typeof collectionSchemas;
type DataOf<C extends Collection> = z.infer<(typeof collectionSchemas)[C]>;
/** One file's data as its schema checked it: a collection's entry by its id (the file's name). */
type Source = <C extends Collection>(collection: C, id: string) => DataOf<C>;

const shellId = siteShellFileName.replace(/\.yaml$/, "");

function contentOf(read: Source) {
  const pageFile = <Kind extends PageKind>(page: { id: string; kind: Kind }): DataOf<Kind> =>
    fillPlaceholders(read(page.kind, page.id), placeholders);
  /** The parts every page shares: skip link, header, footer, Get in Touch, the 404 page. */
  const shellFile = () => fillPlaceholders(read("shell", shellId), placeholders);
  /** The page list, each page with its `page` block: title, description, link texts, share card. */
  const sitePages = () => pageList.map((page: PageEntry) => ({ ...page, ...pageFile(page).page }));

  return {
    pageFile,
    shellFile,
    sitePages,
    /** One page of the list, with its words and its whole file. */
    sitePage<Kind extends PageKind>(id: string, kind?: Kind) {
      const page = pageList.find((candidate) => candidate.id === id);
      if (!page || (kind && page.kind !== kind)) throw new Error(`no ${kind ?? ""} page ${id}`);
      const file = pageFile(page as unknown as { id: string; kind: Kind });
      return { ...page, ...file.page, file };
    },
    /** The call to action every page carries, to the contact page. */
    getInTouch() {
      const contact = pageList.find((page) => page.kind === "contact");
      if (!contact) throw new Error("the page list needs a contact page");
      return { ...shellFile().getInTouch, href: contact.path };
    },
    /** Every text of the copy, with the file and field it is in (for the web font's cut). */
    copyTexts() {
      const files = [
        ...pageList.map((page) => ({ file: contentFileOf(page), data: pageFile(page) })),
        { file: siteShellFileName, data: shellFile() },
      ];
      return files.flatMap(({ file, data }) =>
        [...textsOf(data)].map((found) => ({ file, ...found })),
      );
    },
  };
}

/** Every string a piece of content holds, one a line: what the content review searches. */
export const visibleCopy = (value: unknown) =>
  [...textsOf(value)].map((found) => found.text).join("\n");

function* textsOf(value: unknown, field = ""): Generator<{ field: string; text: string }> {
  if (typeof value === "string") yield { field, text: value };
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      yield* textsOf(item, field ? `${field}.${key}` : key);
    }
  }
}

/** The copy as tests and tools read it: the files in contentDir(), now. */
export const { pageFile, shellFile, sitePages, sitePage, getInTouch, copyTexts } = contentOf(
  (collection, id) =>
    (collectionSchemas[collection] as z.ZodType).parse(
      parse(readFileSync(join(contentDir(), `${id}.yaml`), "utf8")),
    ) as DataOf<typeof collection>,
);

/** The copy as pages read it: the content collections' entries, which the build checked. */
export async function builtContent() {
  const { getCollection } = await import("astro:content");
  const entries = new Map<string, unknown>();
  for (const collection of Object.keys(collectionSchemas) as Collection[]) {
    for (const entry of await getCollection(collection)) {
      entries.set(`${collection}/${entry.id}`, entry.data);
    }
  }
  return contentOf((collection, id) => {
    const data = entries.get(`${collection}/${id}`);
    if (data === undefined) throw new Error(`no ${collection} content ${id}`);
    return data as DataOf<typeof collection>;
  });
}

export type SiteContent = Awaited<ReturnType<typeof builtContent>>;
export type SitePage = ReturnType<SiteContent["sitePages"]>[number];
