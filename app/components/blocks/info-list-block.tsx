import { type CSSProperties, useId } from "react";
import type { InfoListContent } from "../../content/types";
import { AssetImage } from "../asset-image";
import styles from "./info-list-block.module.css";

type InfoListBlockProps = {
  content: InfoListContent;
};

/** A short introduction and a row of feature highlights, with dividers between the columns. */
export function InfoListBlock({ content }: InfoListBlockProps) {
  const headingId = useId();
  const columnCount = { "--columns": content.columns.length } as CSSProperties;

  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          {content.heading}
        </h2>
        <p className={styles.paragraph}>{content.intro}</p>
        <ul
          className={`${styles.columns} ${content.columns.length > 3 ? styles.many : ""}`}
          style={columnCount}
        >
          {content.columns.map((column, index) => (
            <li
              key={column.heading}
              className={`${styles.column} ${index > 0 ? styles.divided : ""}`}
            >
              <AssetImage image={column.icon} className={styles.icon} />
              <h3 className={styles.columnHeading}>{column.heading}</h3>
              <p className={styles.columnDescription}>{column.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
