import { FileText } from "lucide-react";
import type { Download } from "../content/documents";
import type { Product } from "../content/products";
import type { SiteShellFile } from "../content/schemas";
import { withUnit } from "../lib/figures";
import { type GetInTouch, GetInTouchLink } from "./get-in-touch-link";
import styles from "./product-details.module.css";
import { TickList } from "./tick-list";

type ProductDetailsProps = {
  product: Product;
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
 * Below a product's banner: what it does, its specifications as a table (none, none shown),
 * its datasheet and documents, and a Get in Touch link about it.
 */
export function ProductDetails({
  product,
  copy,
  kinds,
  downloads,
  getInTouch,
}: ProductDetailsProps) {
  const name = product.page.title;
  const specifications = product.specifications ?? [];
  return (
    <div className={styles.details}>
      <TickList points={product.claims} />
      {specifications.length > 0 && (
        <section aria-labelledby="specifications" className={styles.section}>
          <h2 id="specifications" className={styles.heading}>
            {copy.specificationsHeading}
          </h2>
          <table className={styles.table}>
            <caption className={styles.caption}>
              {copy.specificationsCaption.replaceAll("{product}", name)}
            </caption>
            <thead>
              <tr>
                <th scope="col">{copy.nameHeader}</th>
                <th scope="col">{copy.valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {specifications.map((specification) => (
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
        </section>
      )}
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
