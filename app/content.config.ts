import { defineCollection } from "astro:content";
import { readdirSync } from "node:fs";
import { glob } from "astro/loaders";
import { contentDir } from "./content/content-files.ts";
import { contentFileOf, type PageKind, pageList } from "./content/page-list.ts";
import { pageSchemas, siteShellFile } from "./content/schemas.ts";

// One collection per kind of page, each file checked against its kind's schema, and the shell.
const base = contentDir();
const files = (kind: PageKind) => pageList.filter((page) => page.kind === kind).map(contentFileOf);
const named = [...pageList.map(contentFileOf), "site-shell.yaml"];
// A misspelt or unlisted file would otherwise be ignored without a word.
const strays = readdirSync(base).filter((name) => /\.ya?ml$/.test(name) && !named.includes(name));
if (strays.length > 0)
  throw new Error(`${strays.join(", ")} in ${base}: not a content file the site reads`);

export const collections = {
  product: defineCollection({
    loader: glob({ base, pattern: files("product") }),
    schema: pageSchemas.product,
  }),
  legal: defineCollection({
    loader: glob({ base, pattern: files("legal") }),
    schema: pageSchemas.legal,
  }),
  contact: defineCollection({
    loader: glob({ base, pattern: files("contact") }),
    schema: pageSchemas.contact,
  }),
  shell: defineCollection({
    loader: glob({ base, pattern: "site-shell.yaml" }),
    schema: siteShellFile,
  }),
};
