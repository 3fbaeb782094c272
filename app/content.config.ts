import { defineCollection } from "astro:content";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { glob } from "astro/loaders";
import { z } from "zod";
import {
  caseStudiesFolder,
  caseStudiesPageFile,
  caseStudiesPageFileName,
  caseStudyFile,
} from "./content/case-study-schema.ts";
import { companyFile, companyFileName } from "./content/company-schema.ts";
import { documentFolder } from "./content/documents.ts";
import { contentFileOf, type PageKind, pageList } from "./content/page-list.ts";
import { productFolder } from "./content/products.ts";
import {
  documentFile,
  pageSchemas,
  productFile,
  siteShellFile,
  siteShellFileName,
} from "./content/schemas.ts";
import { contentDir, contentFileNames } from "./content/site-content.ts";

// One collection per kind of page, each file checked against its kind's schema, the shell, the
// company's contacts, and the case studies (one file each in case-studies/).
const base = contentDir();
// A misspelt or unlisted file would otherwise be ignored without a word.
const strays = readdirSync(base).filter(
  (name) => /\.ya?ml$/.test(name) && !contentFileNames.includes(name),
);
if (strays.length > 0) throw new Error(`${strays} in ${base}: not a content file the site reads`);

const collection = <Schema extends z.ZodType>(pattern: string | string[], schema: Schema) =>
  defineCollection({ loader: glob({ base, pattern }), schema });
const filesOf = (kind: PageKind) =>
  pageList.filter((page) => page.kind === kind).map(contentFileOf);

export const collections = {
  product: collection(filesOf("product"), pageSchemas.product),
  legal: collection(filesOf("legal"), pageSchemas.legal),
  contact: collection(filesOf("contact"), pageSchemas.contact),
  faq: collection(filesOf("faq"), pageSchemas.faq),
  shell: collection(siteShellFileName, siteShellFile),
  company: collection(companyFileName, companyFile),
  caseStudiesPage: collection(caseStudiesPageFileName, caseStudiesPageFile),
  // Photos are resolved beside each study and sized by Astro's image tools; YAML's unquoted
  // dates arrive as dates, which the page writes back as YYYY-MM-DD.
  caseStudies: defineCollection({
    loader: glob({ base: join(base, caseStudiesFolder), pattern: "*.yaml" }),
    schema: ({ image }) =>
      caseStudyFile(
        image(),
        z.union([z.iso.date(), z.date().transform((day) => day.toISOString().slice(0, 10))]),
      ),
  }),
  // One file per product, named by its address: adding a product adds no code.
  products: defineCollection({
    loader: glob({ base: join(base, productFolder), pattern: "*.yaml" }),
    schema: productFile,
  }),
  // One file per document the company publishes; the launch content has none.
  documents: defineCollection({
    loader: glob({ base: join(base, documentFolder), pattern: "*.yaml" }),
    schema: documentFile,
  }),
};
