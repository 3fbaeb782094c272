import type { SiteDocument } from "../content/documents";
import { documentKinds, type SiteShellFile } from "../content/schemas";
import { DownloadLink } from "./product-details";
import styles from "./product-details.module.css";

type DocumentListProps = {
  documents: readonly SiteDocument[];
  copy: SiteShellFile["documents"];
  /** Each product's name, by file name: a document says which products it belongs to. */
  productNames: Record<string, string>;
};

/** /documents: every document, grouped by kind in the kinds' order; an empty kind is left out. */
export function DocumentList({ documents, copy, productNames }: DocumentListProps) {
  return (
    <div className={styles.details}>
      <div className={styles.section}>
        <h1 className={styles.title}>{copy.heading}</h1>
        <p>{copy.intro}</p>
      </div>
      {documentKinds.map((kind) => {
        const ofKind = documents.filter((document) => document.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`kind-${kind}`} className={styles.section}>
            <h2 id={`kind-${kind}`} className={styles.heading}>
              {copy.kinds[kind]}
            </h2>
            <ul className={styles.downloads}>
              {ofKind.map((document) => (
                <li key={document.id}>
                  <DownloadLink download={document} kinds={copy.kinds} />
                  <p className={styles.note}>
                    {[
                      ...(document.products ?? []).map((slug) => productNames[slug] ?? slug),
                      `${copy.version} ${document.version}`,
                      `${copy.issued} ${document.issued}`,
                    ].join(" · ")}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
