import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { PictureName } from "./picture-list.ts";
import type { Product } from "./products.ts";
import type { DocumentFile, ProductFile } from "./schemas.ts";

// The company's documents: one content file per PDF in app/content/documents/, the PDFs in its
// files/ folder. Each is served under /assets/, named by its content's hash, so it is cached as
// long as the site's other assets, and by its title and version, so a saved copy says what it is.

export const documentFolder = "documents";
export const documentFilesFolder = "documents/files";
export const maxDocumentBytes = 20 * 1000 * 1000;

/**
 * A document with its upload: where the build reads it, whether it is a picture the build draws on
 * a PDF's page (decision 0060), and the address its PDF is served at.
 */
export type SiteDocument = DocumentFile & {
  id: string;
  source: string;
  picture: boolean;
  href: string;
};

/** A document with the size of the PDF it is served as, for its links. */
export type WeighedDocument = SiteDocument & { bytes: number };

const slugOf = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

// The editor judges an upload by its name; the build by its first bytes.
const isPdf = (head: Buffer) => head.toString("latin1", 0, 5) === "%PDF-";
const isPicture = (head: Buffer) =>
  head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
  (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP");

// Each page of the build reads the documents: a warning shows once.
const warned = new Set<string>();
const warnOnce = (warning: string) => {
  if (!warned.has(warning)) console.warn(warning);
  warned.add(warning);
};

/**
 * A document entry of `folder` (app/content/documents) with its upload (in its files/) named; the
 * build stops, naming the entry, on a file that is missing or over 20 MB. A PNG, JPEG or WebP is
 * served as a PDF page of that picture; any other file leaves the document off the site, with a
 * warning naming the entry and its file.
 */
export function siteDocumentOf(
  id: string,
  file: DocumentFile,
  folder: string,
): SiteDocument | undefined {
  const entry = `${documentFolder}/${id}.yaml`;
  const path = join(folder, "files", basename(file.file));
  if (!existsSync(path)) throw new Error(`${entry}: its file ${file.file} is missing`);
  const { size } = statSync(path);
  if (size > maxDocumentBytes) {
    throw new Error(`${entry}: its file ${file.file} is ${(size / 1e6).toFixed(1)} MB, over 20 MB`);
  }
  const upload = readFileSync(path);
  const picture = isPicture(upload);
  if (!picture && !isPdf(upload)) {
    warnOnce(
      `${entry}: its file ${file.file} is neither a PDF nor a PNG, JPEG or WebP picture; the document is left off the site`,
    );
    return undefined;
  }
  // A new upload is a new address: what a browser cached for a year is never stale. A picture's
  // page shows the title too.
  const hash = createHash("sha256")
    .update(upload)
    .update(picture ? file.title : "")
    .digest("hex");
  const name = `${slugOf(file.title) || "document"}-${slugOf(file.version) || "1"}`;
  const href = `/assets/documents/${hash.slice(0, 10)}/${name}.pdf`;
  return { ...file, id, source: path, picture, href };
}

/** A file a product page offers: `kind` names what it is, where its title does not. */
export type Download = { href: string; title: string; kind?: DocumentFile["kind"]; bytes: number };

/** A product's uploaded datasheet, which is offered instead of the one the build makes. */
export const uploadedDatasheetOf = <Listed extends SiteDocument>(
  slug: string,
  documents: readonly Listed[],
) =>
  documents.find((document) => document.kind === "datasheet" && document.products?.includes(slug));

/**
 * What a product page offers: its datasheet first (the company's own, else the built one),
 * then its other documents.
 */
export function productDownloads(
  slug: string,
  documents: readonly WeighedDocument[],
  built: () => Download,
): Download[] {
  const uploaded = uploadedDatasheetOf(slug, documents);
  const others = documents.filter(
    (document) => document !== uploaded && document.products?.includes(slug),
  );
  return [uploaded ?? built(), ...others].map(({ href, title, kind, bytes }) => ({
    href,
    title,
    kind,
    bytes,
  }));
}

/** /documents in the shape of the page list's pages, for its head, share card and footer link. */
export const documentsPageOf = (copy: {
  page: {
    title: string;
    description: string;
    shareCard: { picture: PictureName; description: string };
  };
  footerLabel: string;
}) => ({ id: "documents", path: "/documents", ...copy.page, footerLabel: copy.footerLabel });

/** Whether /documents exists: it lists each product's datasheet and every uploaded document. */
export const hasDocumentsPage = (content: {
  siteDocuments(): readonly unknown[];
  siteProducts(): readonly unknown[];
}) => content.siteDocuments().length + content.siteProducts().length > 0;

/** The pages the footer links, with /documents after the contact page when it exists. */
export const withDocumentsPage = <Page extends { path: string; footerLabel?: string }>(
  pages: readonly Page[],
  copy: Parameters<typeof documentsPageOf>[0],
  exists: boolean,
) => (exists ? [...pages, { ...documentsPageOf(copy), footerRank: 3.5 }] : [...pages]);

/** A datasheet the build makes, as /documents lists it: named by its product, with its number. */
export type BuiltDatasheet = Download & {
  id: string;
  kind: "datasheet";
  products: [string];
  datasheet: ProductFile["datasheet"];
};

/** The datasheets the build makes, each weighed: each product's, but where the company uploaded its own. */
export const builtDatasheetsOf = <
  Listed extends Pick<Product, "slug" | "page" | "datasheetPath" | "datasheet">,
>(
  products: readonly Listed[],
  documents: readonly SiteDocument[],
  weigh: (product: Listed) => Promise<number>,
): Promise<BuiltDatasheet[]> =>
  Promise.all(
    products
      .filter((product) => !uploadedDatasheetOf(product.slug, documents))
      .map(async (product) => ({
        id: `datasheet-${product.slug}`,
        kind: "datasheet" as const,
        title: product.page.title,
        href: product.datasheetPath,
        bytes: await weigh(product),
        products: [product.slug] as [string],
        datasheet: product.datasheet,
      })),
  );

/**
 * A product's approvals, each with the address of its certificate where one is published. One
 * whose document is not on the site (deleted, or left off for its file) still shows, unlinked,
 * with a warning naming the product: the editor let it be saved, so it must not stop the build.
 */
export function approvalsOf(
  product: Pick<ProductFile, "approvals"> & { slug: string },
  documents: readonly SiteDocument[],
) {
  return (product.approvals ?? []).map((approval) => {
    const certificate = documents.find((document) => document.id === approval.document);
    if (approval.document && !certificate) {
      warnOnce(
        `products/${product.slug}.yaml: the approval ${approval.standard} names the document "${approval.document}", which is not on the site; it shows without its certificate's link`,
      );
    }
    return { ...approval, href: certificate?.href };
  });
}

export type Approval = ReturnType<typeof approvalsOf>[number];
