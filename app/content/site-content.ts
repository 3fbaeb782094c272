import { dirname, resolve } from "node:path";
import type { ImageMetadata } from "astro";
import type { z } from "zod";
import { buildSettings } from "../../contract/settings.ts";
import { readSettings } from "../../contract/settings-source.ts";
import { buildManifestOf } from "../../contract/site-build.ts";
import { caseStudiesFolder, caseStudiesPageFileName, type StoryPart } from "./case-study-schema.ts";
import { companyFileName } from "./company-schema.ts";
import { type CollectionName, contentEntries, siteCollections } from "./content-files.ts";
import { documentFolder, siteDocumentOf } from "./documents.ts";
import { contentFileOf, type PageEntry, type PageKind, pageList } from "./page-list.ts";
import { fillPlaceholders, placeholderValues } from "./placeholders.ts";
import { checkProductsNamed, productFolder, productOf, productRedirects } from "./products.ts";
import { siteShellFileName } from "./schemas.ts";

// The one reader of the site's copy, for pages, tests and tools alike: each content file as
// content-files.ts reads it and its collection's schema checks it, the settings' placeholders
// filled, joined with the page list. Pages take the files from Astro's content collections
// (app/content.config.ts), which the build fills from content-files.ts; tests and tools take them
// from content-files.ts itself, so a test compares a page with the words it should show.

/** The build's settings, checked (contract/settings.ts): the environment, then `.env`, read at the first call. */
export const siteSettings = once(() => buildSettings(readSettings()));

/** What the build is made with, beyond the words: the build writes it beside the site. */
export const buildManifest = once(() => buildManifestOf(siteSettings()));

/** What {companyName} and {retentionStatement} stand for in this build's copy. */
export const placeholders = once(() =>
  placeholderValues(siteSettings().VITE_COMPANY_NAME, buildManifest()),
);

function once<Value>(make: () => Value) {
  let made: { value: Value } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** The collections of one file per entry, in their own folders. */
type Listed = {
  [C in CollectionName]: (typeof siteCollections)[C] extends { folder: string } ? C : never;
}[CollectionName];
const collectionNames = Object.keys(siteCollections) as CollectionName[];
const isListed = (name: CollectionName): name is Listed => "folder" in siteCollections[name];
type DataOf<C extends CollectionName> = z.infer<(typeof siteCollections)[C]["schema"]>;
/** Each file's data as its schema checked it, with its id (the file's name) and its folder. */
type Entry<C extends CollectionName> = { id: string; data: DataOf<C>; folder: string };
/** A study with its slug (its file's name); a photo is Astro's image in the build, a path elsewhere. */
type Study<Photo> = Omit<DataOf<"caseStudies">, "photos"> & {
  slug: string;
  photos: { src: Photo; alt: string; caption?: string; after: StoryPart }[];
};
/** One entry of a collection by its id, or every entry of one (the products, the documents). */
type Source = {
  read<C extends CollectionName>(collection: C, id: string): DataOf<C>;
  list<C extends Listed>(collection: C): Entry<C>[];
};

const idOf = (fileName: string) => fileName.replace(/\.yaml$/, "");

function contentOf<Photo>(source: Source) {
  const pageFile = <Kind extends PageKind>(page: { id: string; kind: Kind }): DataOf<Kind> =>
    fillPlaceholders(source.read(page.kind, page.id), placeholders());
  /** The parts every page shares: skip link, header, footer, Get in Touch, the 404 page. */
  const shellFile = () =>
    fillPlaceholders(source.read("shell", idOf(siteShellFileName)), placeholders());
  /** The page list, each page with its `page` block: title, description, link texts, share card. */
  const sitePages = () => pageList.map((page: PageEntry) => ({ ...page, ...pageFile(page).page }));

  /** The products (app/content/products/), by name; no two at one address. */
  const siteProducts = () => {
    const products = source
      .list("products")
      .map(({ id, data }) => {
        // The photo left out of the filling, as a study's are (caseStudies, below).
        const { photo, ...words } = data;
        return productOf(id, {
          ...fillPlaceholders(words, placeholders()),
          ...(photo && {
            photo: { src: photo.src as Photo, alt: fillPlaceholders(photo.alt, placeholders()) },
          }),
        });
      })
      .toSorted((a, b) => a.slug.localeCompare(b.slug));
    productRedirects(products);
    return products;
  };
  /** The company's documents (app/content/documents/), newest first; each names real products.
   * One whose file is neither a PDF nor a picture is left off, with a warning. */
  const siteDocuments = () => {
    const products = siteProducts();
    return source
      .list("documents")
      .flatMap(({ id, data, folder }) => {
        checkProductsNamed(`${documentFolder}/${id}.yaml`, data.products, products);
        return siteDocumentOf(id, fillPlaceholders(data, placeholders()), folder) ?? [];
      })
      .toSorted((a, b) => b.issued.localeCompare(a.issued) || a.title.localeCompare(b.title));
  };
  /** The company's contacts and labels (company.yaml). */
  const companyDetails = () =>
    fillPlaceholders(source.read("company", idOf(companyFileName)), placeholders());
  /** The words of the case studies' pages and sections (case-studies.yaml). */
  const caseStudiesPage = () =>
    fillPlaceholders(source.read("caseStudiesPage", idOf(caseStudiesPageFileName)), placeholders());
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
          ...fillPlaceholders(words, placeholders()),
          photos: photos.map(({ src, ...photoWords }) => ({
            src: src as Photo,
            ...fillPlaceholders(photoWords, placeholders()),
          })),
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
        ...siteProducts().map(({ photo, ...data }) => ({
          file: `${productFolder}/${data.slug}.yaml`,
          data: { ...data, photo: photo && { alt: photo.alt } },
        })),
        ...siteDocuments().map((data) => ({ file: `${documentFolder}/${data.id}.yaml`, data })),
        { file: companyFileName, data: companyDetails() },
        { file: caseStudiesPageFileName, data: caseStudiesPage() },
        // A photo's words are its alt text; its image is no text, and reading it would publish
        // the upload (app/lib/study-photos.ts).
        ...caseStudies().map(({ slug, photos, ...data }) => ({
          file: `${caseStudiesFolder}/${slug}.yaml`,
          data: { ...data, photos: photos.map(({ src: _, ...words }) => words) },
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

/** A collection's files as tests and tools read them: in contentDir(), now, each checked. */
const checkedEntries = <C extends CollectionName>(collection: C) =>
  contentEntries(collection).map(({ id, data, filePath }) => ({
    id,
    data: siteCollections[collection].schema.parse(data) as DataOf<C>,
    folder: dirname(filePath),
  }));

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
  read(collection, id) {
    const entry = checkedEntries(collection).find((candidate) => candidate.id === id);
    if (!entry) throw new Error(`no ${collection} content ${id}`);
    return entry.data;
  },
  list: checkedEntries,
});

// Astro warns at each read of an empty collection (the launch content has no documents): the
// documents are read once per build.
const lists = new Map<string, Promise<Entry<Listed>[]>>();

/** The copy as pages read it: the content collections' entries, which the build checked. */
export async function builtContent() {
  const { getCollection } = await import("astro:content");
  const entries = new Map<string, unknown>();
  for (const collection of collectionNames.filter((name) => !isListed(name))) {
    for (const entry of await getCollection(collection)) {
      entries.set(`${collection}/${entry.id}`, entry.data);
    }
  }
  const listed = new Map<string, Entry<Listed>[]>();
  for (const collection of collectionNames.filter(isListed)) {
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
