import { useId } from "react";
import type { ProductPageFile } from "../../content/schemas";
import { Picture } from "../picture";
import styles from "./info-list-block.module.css";

/** A short introduction and a row of feature highlights, with dividers between the columns. */
export function InfoListBlock({ content }: { content: ProductPageFile["highlights"] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          {content.heading}
        </h2>
        <p className={styles.paragraph}>{content.intro}</p>
        <ul className={`${styles.columns} ${content.columns.length > 3 ? styles.many : ""}`}>
          {content.columns.map((column, index) => (
            <li
              key={column.heading}
              className={`${styles.column} ${index > 0 ? styles.divided : ""}`}
            >
              {/* Decoration beside the column's heading. */}
              <Picture name={column.icon} alt="" className={styles.icon} />
              <h3 className={styles.columnHeading}>{column.heading}</h3>
              <p className={styles.columnDescription}>{column.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
