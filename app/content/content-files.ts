import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { readSettings } from "../../contract/settings-source.ts";
import {
  caseStudiesFolder,
  caseStudiesPageFile,
  caseStudiesPageFileName,
  caseStudyFile,
} from "./case-study-schema.ts";
import { companyFile, companyFileName } from "./company-schema.ts";
import { documentFolder } from "./documents.ts";
import { contentFileOf, type PageKind, pageList } from "./page-list.ts";
import { productFolder } from "./products.ts";
import {
  documentFile,
  fileNamePattern,
  fileNameRule,
  pageSchemas,
  productFile,
  siteShellFile,
  siteShellFileName,
} from "./schemas.ts";

// Each collection of content: its files and the schema that checks them. The one place files are
// found and read: the build hands each file read here to Astro's collections, which check it by
// the same schema (app/content.config.ts); tests and tools check it here (site-content.ts).

/** app/content/, or CONTENT_DIR (tests build and check edited copies), as it is set now. */
export const contentDir = () => resolve(readSettings().CONTENT_DIR || import.meta.dirname);

const filesOf = (kind: PageKind) =>
  pageList.filter((page) => page.kind === kind).map(contentFileOf);

/** A collection of named files in the content folder, or of every file in a folder of its own. */
type Collection = { schema: z.ZodType } & ({ files: string[] } | { folder: string });

export const siteCollections = {
  product: { files: filesOf("product"), schema: pageSchemas.product },
  legal: { files: filesOf("legal"), schema: pageSchemas.legal },
  contact: { files: filesOf("contact"), schema: pageSchemas.contact },
  faq: { files: filesOf("faq"), schema: pageSchemas.faq },
  shell: { files: [siteShellFileName], schema: siteShellFile },
  company: { files: [companyFileName], schema: companyFile },
  caseStudiesPage: { files: [caseStudiesPageFileName], schema: caseStudiesPageFile },
  // The build reads a photo as Astro's image (app/content.config.ts); tests and tools as a path.
  caseStudies: { folder: caseStudiesFolder, schema: caseStudyFile(z.string()) },
  // One file per product, named by its address: adding a product adds no code.
  products: { folder: productFolder, schema: productFile },
  // One file per document the company publishes; the launch content has none.
  documents: { folder: documentFolder, schema: documentFile },
} satisfies Record<string, Collection>;

export type CollectionName = keyof typeof siteCollections;

/** Every content file of the content folder itself: the pages', the shell's, the company's, the case studies' page. */
const contentFileNames = Object.values(siteCollections).flatMap((collection: Collection) =>
  "files" in collection ? collection.files : [],
);

/** A misspelt or unlisted file would otherwise be ignored without a word. */
export function refuseStrays(dir: string) {
  const strays = readdirSync(dir).filter(
    (name) => /\.ya?ml$/.test(name) && !contentFileNames.includes(name),
  );
  if (strays.length > 0) throw new Error(`${strays} in ${dir}: not a content file the site reads`);
}

/** The paths of a collection's files in `dir`: a folder that is not there holds none. */
function pathsOf(collection: Collection, dir: string) {
  if ("files" in collection) return collection.files.map((name) => join(dir, name));
  const folder = join(dir, collection.folder);
  if (!existsSync(folder)) return [];
  const names = readdirSync(folder).filter((name) => name.endsWith(".yaml"));
  // The name is the entry's address and how others name it: refused here, naming the file.
  const misnamed = names.find((name) => !fileNamePattern.test(basename(name, ".yaml")));
  if (misnamed) throw new Error(`${collection.folder}/${misnamed}: ${fileNameRule}`);
  return names.map((name) => join(folder, name));
}

/** Each file of a collection as YAML reads it, not yet checked: its id is its name. */
export const contentEntries = (name: CollectionName, dir = contentDir()) =>
  pathsOf(siteCollections[name], dir).map((filePath) => ({
    id: basename(filePath, ".yaml"),
    filePath,
    data: parse(readFileSync(filePath, "utf8")) as Record<string, unknown>,
  }));

/** Whether a file is one of a collection's: the build reloads the collection when it changes. */
export function isEntryOf(name: CollectionName, dir: string, path: string) {
  const collection: Collection = siteCollections[name];
  if ("files" in collection) return collection.files.some((file) => join(dir, file) === path);
  return dirname(path) === join(dir, collection.folder) && path.endsWith(".yaml");
}
