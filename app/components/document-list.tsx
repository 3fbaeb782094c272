import type { BuiltDatasheet, WeighedDocument } from "../content/documents";
import { documentKinds, type SiteShellFile } from "../content/schemas";
import { localDate } from "../lib/figures";
import { DownloadLink } from "./product-details";
import styles from "./product-details.module.css";

type DocumentListProps = {
  documents: readonly WeighedDocument[];
  /** The datasheets the build makes, each named by its product. */
  datasheets: readonly BuiltDatasheet[];
  copy: SiteShellFile["documents"];
  /** How a datasheet states its number and revision. */
  filing: Pick<SiteShellFile["productPage"], "documentNumber" | "revised">;
  /** Each product's name, by file name: a document says which products it belongs to. */
  productNames: Record<string, string>;
};

/**
 * /documents: every document, grouped by kind in the kinds' order, an empty kind left out; the
 * datasheets, the built ones among the uploaded, by their product's name.
 */
export function DocumentList({
  documents,
  datasheets,
  copy,
  filing,
  productNames,
}: DocumentListProps) {
  const named = (slugs: readonly string[] = []) => slugs.map((slug) => productNames[slug] ?? slug);
  const details = (document: WeighedDocument | BuiltDatasheet) =>
    "source" in document
      ? [
          ...named(document.products),
          `${copy.version} ${document.version}`,
          `${copy.issued} ${localDate(document.issued)}`,
        ]
      : document.datasheet
        ? [
            `${filing.documentNumber} ${document.datasheet.number}`,
            filing.revised
              .replaceAll("{revision}", document.datasheet.revision)
              .replaceAll("{date}", localDate(document.datasheet.revised)),
          ]
        : [];
  const byProduct = (document: WeighedDocument | BuiltDatasheet) =>
    named(document.products)[0] ?? document.title;
  return (
    <div className={styles.details}>
      <div className={styles.section}>
        <h1 className={styles.title}>{copy.heading}</h1>
        <p>{copy.intro}</p>
      </div>
      {documentKinds.map((kind) => {
        const uploaded = documents.filter((document) => document.kind === kind);
        const ofKind =
          kind === "datasheet"
            ? [...datasheets, ...uploaded].toSorted((a, b) =>
                byProduct(a).localeCompare(byProduct(b)),
              )
            : uploaded;
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`kind-${kind}`} className={styles.section}>
            <h2 id={`kind-${kind}`} className={styles.heading}>
              {copy.kindHeadings[kind]}
            </h2>
            <ul className={styles.downloads}>
              {ofKind.map((document) => {
                const note = details(document).join(" · ");
                return (
                  <li key={document.id}>
                    <DownloadLink download={document} kinds={copy.kinds} />
                    {note && <p className={styles.note}>{note}</p>}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
