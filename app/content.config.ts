import { defineCollection } from "astro:content";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Loader } from "astro/loaders";
import { caseStudyFile } from "./content/case-study-schema.ts";
import {
  type CollectionName,
  contentDir,
  contentEntries,
  isEntryOf,
  refuseStrays,
  siteCollections,
} from "./content/content-files.ts";
import { productFileOf } from "./content/schemas.ts";

// One collection of each of app/content/content-files.ts: its files, found and read there as
// tests and tools read them, each checked here against the same schema before a page sees it.
const base = contentDir();
refuseStrays(base);

/** A collection's files, read again as `astro dev` sees one change. */
const siteFiles = (name: CollectionName): Loader => ({
  name: "site-content",
  async load({ store, parseData, watcher, logger, config }) {
    const root = fileURLToPath(config.root);
    const read = async () => {
      const entries = await Promise.all(
        contentEntries(name, base).map(async ({ id, data, filePath }) => ({
          id,
          // Given the file, Astro's image() finds a study's photos beside it.
          data: await parseData({ id, data, filePath }),
          filePath: relative(root, filePath),
        })),
      );
      store.clear();
      for (const entry of entries) store.set(entry);
    };
    await read();
    watcher?.add(base);
    watcher?.on("all", (_, path) => {
      if (isEntryOf(name, base, path)) read().catch((error) => logger.error(String(error)));
    });
  },
});

const collectionOf = (name: CollectionName) =>
  defineCollection({ loader: siteFiles(name), schema: siteCollections[name].schema });

export const collections = {
  product: collectionOf("product"),
  legal: collectionOf("legal"),
  contact: collectionOf("contact"),
  faq: collectionOf("faq"),
  shell: collectionOf("shell"),
  company: collectionOf("company"),
  caseStudiesPage: collectionOf("caseStudiesPage"),
  // A study's photos are resolved beside it and sized by Astro's image tools.
  caseStudies: defineCollection({
    loader: siteFiles("caseStudies"),
    schema: ({ image }) => caseStudyFile(image()),
  }),
  // So is a product's photo, beside it in products/photos/.
  products: defineCollection({
    loader: siteFiles("products"),
    schema: ({ image }) => productFileOf(image()),
  }),
  documents: collectionOf("documents"),
};
