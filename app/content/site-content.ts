import { type CollectionEntry, getCollection, getEntry } from "astro:content";
import { ENQUIRY_RETENTION_DAYS, ENQUIRY_WEBHOOK_URL, SMTP_URL } from "astro:env/server";
import { dirname, resolve } from "node:path";
import { deliveryChannelsOf } from "../../contract/retention.ts";
import { siteConfig } from "../config.ts";
import { type CutFace, cutFaces } from "../lib/font-cut.ts";
import { charactersByFile } from "../lib/web-font.ts";
import { documentFolder, type SiteDocument, siteDocumentOf } from "./documents.ts";
import { contentFileOf, type PageEntry, type PageKind, pageList } from "./page-list.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";
import { checkProductsNamed, productOf } from "./products.ts";
import { siteShellFileName } from "./schemas.ts";

// The copy as pages read it at build time: each content file, checked by its collection's
// schema (app/content.config.ts), with the settings' placeholders filled.

export const placeholders = placeholderValues(
  siteConfig.companyName,
  ENQUIRY_RETENTION_DAYS,
  deliveryChannelsOf({ SMTP_URL, ENQUIRY_WEBHOOK_URL }),
);

async function read<Collection extends PageKind | "shell">(collection: Collection, id: string) {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`no ${collection} content ${id}`);
  return fillPlaceholders(entry.data as CollectionEntry<Collection>["data"], placeholders);
}

export const pageContent = <Kind extends PageKind>(page: { id: string; kind: Kind }) =>
  read(page.kind, page.id);

/** The parts every page shares: skip link, header, footer, Get in Touch, the 404 page. */
export const shellContent = () => read("shell", "site-shell");

/** The call to action every page carries, to the contact page. */
export async function getInTouch() {
  const contact = pageList.find((page) => page.kind === "contact");
  if (!contact) throw new Error("the page list needs a contact page");
  return { ...(await shellContent()).getInTouch, href: contact.path };
}

/** The page list, each page with its `page` block: title, description, link texts, share card. */
export const sitePages = () =>
  Promise.all(
    pageList.map(async (page: PageEntry) => ({ ...page, ...(await pageContent(page)).page })),
  );

export type SitePage = Awaited<ReturnType<typeof sitePages>>[number];

/** The products (app/content/products/), by name. */
export const siteProducts = async () =>
  (await getCollection("products"))
    .map((entry) => productOf(entry.id, fillPlaceholders(entry.data, placeholders)))
    .toSorted((a, b) => a.slug.localeCompare(b.slug));

let documents: Promise<SiteDocument[]> | undefined;

/**
 * The company's documents (app/content/documents/), newest first, each file checked, once per
 * build: Astro warns at each read of an empty collection, and the launch content has none.
 */
export const siteDocuments = () => {
  documents ??= readDocuments();
  return documents;
};

async function readDocuments() {
  const products = await siteProducts();
  return (await getCollection("documents"))
    .map((entry) => {
      checkProductsNamed(`${documentFolder}/${entry.id}.yaml`, entry.data.products, products);
      // The entry's own folder: app/content/documents, or CONTENT_DIR's.
      const folder = dirname(resolve(entry.filePath ?? ""));
      return siteDocumentOf(entry.id, fillPlaceholders(entry.data, placeholders), folder);
    })
    .toSorted((a, b) => b.issued.localeCompare(a.issued) || a.title.localeCompare(b.title));
}

function* textsOf(value: unknown, field = ""): Generator<{ field: string; text: string }> {
  if (typeof value === "string") yield { field, text: value };
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      yield* textsOf(item, field ? `${field}.${key}` : key);
    }
  }
}

let faces: Promise<CutFace[]> | undefined;

/** The web font's faces cut for this build's copy (app/lib/font-cut.ts), made once per build. */
export function siteFontFaces(): Promise<CutFace[]> {
  faces ??= (async () => {
    const files = await Promise.all([
      ...pageList.map(async (page) => ({
        file: contentFileOf(page),
        data: await pageContent(page),
      })),
      shellContent().then((data) => ({ file: siteShellFileName, data })),
      // The company's contacts and the case studies (app/content/proof-content.ts).
      ...(["company", "caseStudiesPage", "caseStudies"] as const).map(async (collection) => ({
        file: collection,
        data: fillPlaceholders(
          (await getCollection(collection)).map((entry) => entry.data),
          placeholders,
        ),
      })),
      ...(await siteProducts()).map((data) => ({ file: `products/${data.slug}.yaml`, data })),
      ...(await siteDocuments()).map((data) => ({ file: `documents/${data.id}.yaml`, data })),
    ]);
    const texts = files.flatMap(({ file, data }) =>
      [...textsOf(data)].map((found) => ({ file, ...found })),
    );
    const characters = charactersByFile(texts.map((found) => found.text));
    for (const char of characters.missing) {
      const first = texts.find((found) => found.text.includes(char));
      console.warn(`Inter lacks "${char}" (${first?.file}: ${first?.field}): a fallback shows it.`);
    }
    return cutFaces(characters);
  })();
  return faces;
}
