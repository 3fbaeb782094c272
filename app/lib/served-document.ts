import { readFileSync, statSync } from "node:fs";
import type { SiteDocument, WeighedDocument } from "../content/documents";
import { picturePdf } from "./datasheet";

const made = new Map<string, Promise<Buffer>>();

/**
 * The PDF a document is served as: its upload, or the page the build draws of an uploaded picture,
 * made once per build (its links weigh it, its route serves it).
 */
export function servedPdf(document: SiteDocument): Promise<Buffer> {
  if (!document.picture) return Promise.resolve(readFileSync(document.source));
  let pdf = made.get(document.href);
  if (!pdf) {
    pdf = picturePdf(document.source, document.title);
    made.set(document.href, pdf);
  }
  return pdf;
}

/** The documents, each with the size of the PDF it is served as. */
export const weighedDocuments = (documents: readonly SiteDocument[]): Promise<WeighedDocument[]> =>
  Promise.all(
    documents.map(async (document) => ({
      ...document,
      bytes: document.picture ? (await servedPdf(document)).length : statSync(document.source).size,
    })),
  );
