import { FileText } from "lucide-react";
import type { Approval, Download } from "../content/documents";
import type { Product } from "../content/products";
import type { SiteShellFile } from "../content/schemas";
import { localDate, specificationTables, withUnit } from "../lib/figures";
import type { PhotoProps } from "../lib/study-photos";
import { type GetInTouch, GetInTouchLink } from "./get-in-touch-link";
import { Photo } from "./photo";
import styles from "./product-details.module.css";
import { TickList } from "./tick-list";

type ProductDetailsProps = {
  product: Product;
  /** Its photo or drawing, as the build sized it: none, none shown. */
  photo?: PhotoProps;
  approvals: readonly Approval[];
  copy: SiteShellFile["productPage"];
  kinds: SiteShellFile["documents"]["kinds"];
  downloads: readonly Download[];
  getInTouch: GetInTouch;
};

/** "84 KB": what a visitor on a metered phone weighs before tapping. */
export const fileSize = (bytes: number) =>
  bytes < 1000 * 1000
    ? `${Math.max(1, Math.round(bytes / 1000))} KB`
    : `${(bytes / 1000 / 1000).toFixed(1)} MB`;

/**
 * Below a product's banner: its photo, what it does, its specifications as a table (none, none
 * shown), its datasheet and documents, and a Get in Touch link about it.
 */
export function ProductDetails({
  product,
  photo,
  approvals,
  copy,
  kinds,
  downloads,
  getInTouch,
}: ProductDetailsProps) {
  const name = product.page.title;
  const specifications = product.specifications ?? [];
  return (
    <div className={`${styles.details} ${styles.product}`}>
      {photo && (
        <div className={styles.picture}>
          <Photo photo={photo} className={styles.photo} eager />
        </div>
      )}
      <div className={styles.facts}>
        <TickList points={product.claims} />
        {specifications.length > 0 && (
          <section aria-labelledby="specifications" className={styles.section}>
            <h2 id="specifications" className={styles.heading}>
              {copy.specificationsHeading}
            </h2>
            {specificationTables(specifications).map(({ group, rows }) => (
              <table key={group} className={`${styles.table} ${styles.specs}`}>
                <caption className={styles.caption}>
                  {group || copy.specificationsCaption.replaceAll("{product}", name)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{copy.nameHeader}</th>
                    <th scope="col">{copy.valueHeader}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((specification) => (
                    <tr key={specification.name}>
                      <th scope="row">{specification.name}</th>
                      <td>
                        {withUnit(specification.value, specification.unit)}
                        {specification.note && (
                          <span className={styles.note}>{specification.note}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </section>
        )}
        {approvals.length > 0 && (
          <section aria-labelledby="approvals" className={styles.section}>
            <h2 id="approvals" className={styles.heading}>
              {copy.approvalsHeading}
            </h2>
            {/* Where the table is wider than a phone, it scrolls in this box, which the keyboard
                reaches too: Safari does not make a scrolling box focusable itself. */}
            {/* biome-ignore lint/a11y/useSemanticElements: a group of the table, not of a form's fields */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls is reached from the keyboard (WCAG 2.1.1) */}
            <div className={styles.scroller} role="group" aria-labelledby="approvals" tabIndex={0}>
              <table className={`${styles.table} ${styles.approvals}`}>
                <thead>
                  <tr>
                    {Object.values(copy.approvalHeaders).map((header) => (
                      <th key={header} scope="col">
                        {header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {approvals.map((approval) => (
                    <tr key={approval.certificate}>
                      <th scope="row">{approval.standard}</th>
                      <td>
                        {approval.href ? (
                          <a href={approval.href}>{approval.certificate}</a>
                        ) : (
                          approval.certificate
                        )}
                      </td>
                      <td>{approval.issuedBy}</td>
                      <td>
                        <time dateTime={approval.issued}>{localDate(approval.issued)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}
      </div>
      <div className={styles.downloadsColumn}>
        <section aria-labelledby="documents" className={styles.section}>
          <h2 id="documents" className={styles.heading}>
            {copy.documentsHeading}
          </h2>
          <ul className={styles.downloads}>
            {downloads.map((download) => (
              <li key={download.href}>
                <DownloadLink download={download} kinds={kinds} />
              </li>
            ))}
          </ul>
        </section>
        <GetInTouchLink getInTouch={getInTouch} topic={name} />
      </div>
    </div>
  );
}

/** "Datasheet, PDF, 84 KB": what the file is, its format and its weight, before the tap. */
export function DownloadLink({
  download,
  kinds,
}: {
  download: Download;
  kinds: SiteShellFile["documents"]["kinds"];
}) {
  const kind = download.kind && kinds[download.kind];
  const details = [kind !== download.title && kind, "PDF", fileSize(download.bytes)];
  return (
    <a href={download.href} className={styles.download}>
      <FileText aria-hidden="true" size={20} />
      <span>
        {download.title}
        <span className={styles.format}>, {details.filter(Boolean).join(", ")}</span>
      </span>
    </a>
  );
}
