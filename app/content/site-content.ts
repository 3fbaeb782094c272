import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { ImageMetadata } from "astro";
import { parse } from "yaml";
import { z } from "zod";
import { buildSettings } from "../../contract/settings.ts";
import { readSettings } from "../../contract/settings-source.ts";
import { buildManifestOf } from "../../contract/site-build.ts";
import {
  caseStudiesFolder,
  caseStudiesPageFile,
  caseStudiesPageFileName,
  caseStudyFile,
} from "./case-study-schema.ts";
import { companyFile, companyFileName } from "./company-schema.ts";
import { documentFolder, siteDocumentOf } from "./documents.ts";
import { contentFileOf, type PageEntry, type PageKind, pageList } from "./page-list.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";
import { checkProductsNamed, productFolder, productOf } from "./products.ts";
import {
  documentFile,
  pageSchemas,
  productFile,
  siteShellFile,
  siteShellFileName,
} from "./schemas.ts";

// The one reader of the site's copy, for pages, tests and tools alike: each content file checked
// by its schema, the settings' placeholders filled, joined with the page list. Pages read the
// files through Astro's content collections (app/content.config.ts), which check them as the
// build starts; tests and tools read the same files from disk, so a test compares a page with
// the words it should show.

/** app/content/, or CONTENT_DIR (tests build and check edited copies), as it is set now. */
export const contentDir = () => resolve(readSettings().CONTENT_DIR || import.meta.dirname);

/** Every content file the site reads: one per page of the list, the shell's, the company's and the case studies' page. */
export const contentFileNames = [
  ...pageList.map(contentFileOf),
  siteShellFileName,
  companyFileName,
  caseStudiesPageFileName,
];

/** The build's settings, checked (contract/settings.ts): the environment, then `.env`. */
export const siteSettings = buildSettings(readSettings());

/** What the build is made with, beyond the words: the build writes it beside the site. */
export const buildManifest = buildManifestOf(siteSettings);

/** What {companyName} and {retentionStatement} stand for in this build's copy. */
export const placeholders = placeholderValues(siteSettings.VITE_COMPANY_NAME, buildManifest);

/** Each collection's schema: app/content.config.ts defines a collection of each over the files. */
const collectionSchemas = {
  ...pageSchemas,
  shell: siteShellFile,
  company: companyFile,
  caseStudiesPage: caseStudiesPageFile,
  products: productFile,
  documents: documentFile,
  // The build reads a photo as Astro's image and a YAML date as a date; tests and tools as text.
  caseStudies: caseStudyFile(z.string()),
};
type Collection = keyof typeof collectionSchemas;
/** The collections of one file per entry, in their own folders. */
type Listed = "products" | "documents" | "caseStudies";
const folderOf = {
  products: productFolder,
  documents: documentFolder,
  caseStudies: caseStudiesFolder,
};
type DataOf<C extends Collection> = z.infer<(typeof collectionSchemas)[C]>;
/** Each file's data as its schema checked it, with its id (the file's name) and its folder. */
type Entry<C extends Collection> = { id: string; data: DataOf<C>; folder: string };
/** A study with its slug (its file's name); a photo is Astro's image in the build, a path elsewhere. */
type Study<Photo> = Omit<DataOf<"caseStudies">, "photos"> & {
  slug: string;
  photos: { src: Photo; alt: string }[];
};
/** One entry of a collection by its id, or every entry of one (the products, the documents). */
type Source = {
  read<C extends Collection>(collection: C, id: string): DataOf<C>;
  list<C extends Listed>(collection: C): Entry<C>[];
};

const idOf = (fileName: string) => fileName.replace(/\.yaml$/, "");

function contentOf<Photo>(source: Source) {
  const pageFile = <Kind extends PageKind>(page: { id: string; kind: Kind }): DataOf<Kind> =>
    fillPlaceholders(source.read(page.kind, page.id), placeholders);
  /** The parts every page shares: skip link, header, footer, Get in Touch, the 404 page. */
  const shellFile = () =>
    fillPlaceholders(source.read("shell", idOf(siteShellFileName)), placeholders);
  /** The page list, each page with its `page` block: title, description, link texts, share card. */
  const sitePages = () => pageList.map((page: PageEntry) => ({ ...page, ...pageFile(page).page }));

  /** The products (app/content/products/), by name. */
  const siteProducts = () =>
    source
      .list("products")
      .map(({ id, data }) => productOf(id, fillPlaceholders(data, placeholders)))
      .toSorted((a, b) => a.slug.localeCompare(b.slug));
  /** The company's documents (app/content/documents/), newest first; each names real products. */
  const siteDocuments = () => {
    const products = siteProducts();
    return source
      .list("documents")
      .map(({ id, data, folder }) => {
        checkProductsNamed(`${documentFolder}/${id}.yaml`, data.products, products);
        return siteDocumentOf(id, fillPlaceholders(data, placeholders), folder);
      })
      .toSorted((a, b) => b.issued.localeCompare(a.issued) || a.title.localeCompare(b.title));
  };
  /** The company's contacts and labels (company.yaml). */
  const companyDetails = () =>
    fillPlaceholders(source.read("company", idOf(companyFileName)), placeholders);
  /** The words of the case studies' pages and sections (case-studies.yaml). */
  const caseStudiesPage = () =>
    fillPlaceholders(source.read("caseStudiesPage", idOf(caseStudiesPageFileName)), placeholders);
  /** Every study, newest first, each naming real products; none at launch, and then no page,
   * section or link shows them. */
  const caseStudies = (): Study<Photo>[] => {
    const products = siteProducts();
    return source
      .list("caseStudies")
      .map(({ id, data }) => {
        const file = `${caseStudiesFolder}/${id}.yaml`;
        checkProductsNamed(`case study "${data.title}" (${file})`, data.products, products);
        // The photos as read, left out of the filling: an image's size and path are not copy,
        // and reading any property of Astro's image publishes the upload (app/lib/study-photos.ts).
        const { photos = [], ...words } = data;
        return {
          ...fillPlaceholders(words, placeholders),
          photos: photos as Study<Photo>["photos"],
          slug: id,
        };
      })
      .toSorted((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  };

  return {
    pageFile,
    shellFile,
    sitePages,
    siteProducts,
    siteDocuments,
    companyDetails,
    caseStudiesPage,
    caseStudies,
    /** The studies that used a product, newest first: for that product's page. */
    caseStudiesUsing: (product: string) =>
      caseStudies().filter((study) => study.products.includes(product)),
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
        ...siteProducts().map((data) => ({ file: `${productFolder}/${data.slug}.yaml`, data })),
        ...siteDocuments().map((data) => ({ file: `${documentFolder}/${data.id}.yaml`, data })),
        { file: companyFileName, data: companyDetails() },
        { file: caseStudiesPageFileName, data: caseStudiesPage() },
        // A photo's words are its alt text; its image is no text, and reading it would publish
        // the upload (app/lib/study-photos.ts).
        ...caseStudies().map(({ slug, photos, ...data }) => ({
          file: `${caseStudiesFolder}/${slug}.yaml`,
          data: { ...data, photos: photos.map(({ alt }) => ({ alt })) },
        })),
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

const parseFile = <C extends Collection>(collection: C, file: string) =>
  (collectionSchemas[collection] as z.ZodType).parse(
    parse(readFileSync(resolve(contentDir(), file), "utf8")),
  ) as DataOf<C>;

/** The copy as tests and tools read it: the files in contentDir(), now. */
export const {
  pageFile,
  shellFile,
  sitePages,
  sitePage,
  siteProducts,
  siteDocuments,
  companyDetails,
  caseStudiesPage,
  caseStudies,
  getInTouch,
  copyTexts,
} = contentOf<string>({
  read: (collection, id) => parseFile(collection, `${id}.yaml`),
  list(collection) {
    const folder = join(contentDir(), folderOf[collection]);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((name) => name.endsWith(".yaml"))
      .map((name) => ({
        id: name.slice(0, -5),
        data: parseFile(collection, join(folder, name)),
        folder,
      }));
  },
});

// Astro warns at each read of an empty collection (the launch content has no documents): the
// documents are read once per build.
const lists = new Map<string, Promise<Entry<Listed>[]>>();

/** The copy as pages read it: the content collections' entries, which the build checked. */
export async function builtContent() {
  const { getCollection } = await import("astro:content");
  const entries = new Map<string, unknown>();
  const single = ["shell", "company", "caseStudiesPage"];
  for (const collection of Object.keys(pageSchemas).concat(single) as Collection[]) {
    for (const entry of await getCollection(collection)) {
      entries.set(`${collection}/${entry.id}`, entry.data);
    }
  }
  const listed = new Map<string, Entry<Listed>[]>();
  for (const collection of ["products", "documents", "caseStudies"] as const) {
    if (collection === "products" || !lists.has(collection)) {
      lists.set(
        collection,
        getCollection(collection).then((found) =>
          found.map((entry) => ({
            id: entry.id,
            // A study's photos are Astro's images here, where tests and tools read their paths.
            data: entry.data as DataOf<Listed>,
            // The entry's own folder: app/content/documents, or CONTENT_DIR's.
            folder: dirname(resolve(entry.filePath ?? "")),
          })),
        ),
      );
    }
    listed.set(collection, (await lists.get(collection)) ?? []);
  }
  return contentOf<ImageMetadata>({
    read(collection, id) {
      const data = entries.get(`${collection}/${id}`);
      if (data === undefined) throw new Error(`no ${collection} content ${id}`);
      return data as DataOf<typeof collection>;
    },
    list: (collection) => (listed.get(collection) ?? []) as Entry<typeof collection>[],
  });
}

export type SiteContent = Awaited<ReturnType<typeof builtContent>>;
export type SitePage = ReturnType<SiteContent["sitePages"]>[number];
export type CaseStudy = ReturnType<SiteContent["caseStudies"]>[number];
