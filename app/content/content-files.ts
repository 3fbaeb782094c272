import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
import { deliveryChannelsOf } from "../../contract/retention.ts";
import { readSettings } from "../../contract/settings-source.ts";
import { settingsSchema } from "../settings.ts";
import { documentFolder, siteDocumentOf } from "./documents.ts";
import { contentFileOf, type PageKind, pageList } from "./page-list.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";
import { productFolder, productOf } from "./products.ts";
import {
  documentFile,
  pageSchemas,
  productFile,
  siteShellFile,
  siteShellFileName,
} from "./schemas.ts";

// The content files as code outside the build reads them (tests, `npm run content:review`): the
// same schemas and settings as the pages, so a test compares a page with the words it should show.

// The environment, then .env, as the build reads them (astro.config.ts).
const settings = readSettings();

/** app/content/, or CONTENT_DIR (tests build and check edited copies), as it is set now. */
export const contentDir = () => resolve(readSettings().CONTENT_DIR || import.meta.dirname);

const setting = (name: "VITE_COMPANY_NAME" | "ENQUIRY_RETENTION_DAYS") =>
  settings[name]?.trim() || String(settingsSchema[name].default);

export const placeholders = placeholderValues(
  setting("VITE_COMPANY_NAME"),
  Number(setting("ENQUIRY_RETENTION_DAYS")),
  deliveryChannelsOf(settings),
);

const read = <Schema extends z.ZodType>(file: string, schema: Schema): z.infer<Schema> =>
  fillPlaceholders(
    schema.parse(parse(readFileSync(join(contentDir(), file), "utf8"))),
    placeholders,
  );

export const pageFile = <Kind extends PageKind>(page: { id: string; kind: Kind }) =>
  read(contentFileOf(page), pageSchemas[page.kind]) as z.infer<(typeof pageSchemas)[Kind]>;

export const shellFile = () => read(siteShellFileName, siteShellFile);

/** The page list, each page with its own words. */
export const sitePages = () => pageList.map((page) => ({ ...page, ...pageFile(page).page }));

/** One page of the list, with its words and its whole file. */
export function sitePage<Kind extends PageKind>(id: string, kind?: Kind) {
  const page = pageList.find((candidate) => candidate.id === id);
  if (!page || (kind && page.kind !== kind)) throw new Error(`no ${kind ?? ""} page ${id}`);
  const file = pageFile(page as unknown as { id: string; kind: Kind });
  return { ...page, ...file.page, file };
}

/** The products (app/content/products/), by name, as the pages read them. */
export const siteProducts = () =>
  readdirSync(join(contentDir(), productFolder))
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => productOf(name.slice(0, -5), read(join(productFolder, name), productFile)))
    .toSorted((a, b) => a.slug.localeCompare(b.slug));

/** The company's documents (app/content/documents/), as the pages list them. */
export function siteDocuments() {
  const folder = join(contentDir(), documentFolder);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".yaml"))
    .map((name) =>
      siteDocumentOf(name.slice(0, -5), read(join(documentFolder, name), documentFile), folder),
    )
    .toSorted((a, b) => b.issued.localeCompare(a.issued) || a.title.localeCompare(b.title));
}
