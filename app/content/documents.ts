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

/** A document with its PDF: where the build reads it, its size, and the address it is served at. */
export type SiteDocument = DocumentFile & {
  id: string;
  source: string;
  bytes: number;
  href: string;
};

const slugOf = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * A document entry of `folder` (app/content/documents) with its PDF (in its files/) weighed and named; the build stops, naming the entry, on a file
 * that is missing, is not a PDF, or is over 20 MB.
 */
export function siteDocumentOf(id: string, file: DocumentFile, folder: string): SiteDocument {
  const entry = `${documentFolder}/${id}.yaml`;
  const path = join(folder, "files", basename(file.file));
  if (!existsSync(path)) throw new Error(`${entry}: its file ${file.file} is missing`);
  const { size } = statSync(path);
  if (size > maxDocumentBytes) {
    throw new Error(`${entry}: its file ${file.file} is ${(size / 1e6).toFixed(1)} MB, over 20 MB`);
  }
  const pdf = readFileSync(path);
  if (pdf.subarray(0, 5).toString("latin1") !== "%PDF-") {
    throw new Error(`${entry}: its file ${file.file} is not a PDF`);
  }
  // A new upload is a new address: what a browser cached for a year is never stale.
  const hash = createHash("sha256").update(pdf).digest("hex");
  const name = `${slugOf(file.title) || "document"}-${slugOf(file.version) || "1"}`;
  const href = `/assets/documents/${hash.slice(0, 10)}/${name}.pdf`;
  return { ...file, id, source: path, bytes: size, href };
}

/** A file a product page offers: `kind` names what it is, where its title does not. */
export type Download = { href: string; title: string; kind?: DocumentFile["kind"]; bytes: number };

/** A product's uploaded datasheet, which is offered instead of the one the build makes. */
export const uploadedDatasheetOf = (slug: string, documents: readonly SiteDocument[]) =>
  documents.find((document) => document.kind === "datasheet" && document.products?.includes(slug));

/**
 * What a product page offers: its datasheet first (the company's own, else the built one),
 * then its other documents.
 */
export function productDownloads(
  slug: string,
  documents: readonly SiteDocument[],
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

/**
 * The pages the footer links: /documents after the contact page, once it lists anything: a
 * document, or a product (each has a datasheet).
 */
export const withDocumentsPage = <Page extends { path: string; footerLabel?: string }>(
  pages: readonly Page[],
  copy: Parameters<typeof documentsPageOf>[0],
  listed: readonly unknown[],
) => (listed.length > 0 ? [...pages, { ...documentsPageOf(copy), footerRank: 3.5 }] : [...pages]);

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

/** A product's approvals, each with the address of its certificate where one is published. */
export function approvalsOf(
  product: Pick<ProductFile, "approvals"> & { slug: string },
  documents: readonly SiteDocument[],
) {
  return (product.approvals ?? []).map((approval) => {
    if (!approval.document) return { ...approval, href: undefined };
    const certificate = documents.find((document) => document.id === approval.document);
    if (!certificate) {
      throw new Error(
        `products/${product.slug}.yaml: the approval ${approval.standard} names the document "${approval.document}", which has no file in app/content/documents/`,
      );
    }
    return { ...approval, href: certificate.href };
  });
}

export type Approval = ReturnType<typeof approvalsOf>[number];
