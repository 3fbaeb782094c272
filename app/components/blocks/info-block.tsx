import type { ProductPageFile } from "../../content/schemas";
import { type GetInTouch, GetInTouchLink } from "../get-in-touch-link";
import { Picture } from "../picture";
import { TickList } from "../tick-list";
import styles from "./info-block.module.css";

/** The products feature rows may link to, and the link's words ("{product}" is its name). */
export type ProductLinks = {
  products: readonly { slug: string; path: string; page: { title: string } }[];
  label: string;
};

type InfoBlockProps = {
  items: ProductPageFile["features"];
  getInTouch: GetInTouch;
  productLinks?: ProductLinks;
};

/** Detailed feature rows; on wide screens every second row puts its picture on the right. */
export function InfoBlock({ items, getInTouch, productLinks }: InfoBlockProps) {
  return (
    <div className={styles.block}>
      {items.map((item, index) => (
        <div
          key={item.heading}
          className={`${styles.row} ${index % 2 === 1 ? styles.imageRight : styles.imageLeft}`}
        >
          <div className={styles.media}>
            <Picture
              name={item.illustration.picture}
              alt={item.illustration.alt}
              className={styles.image}
            />
          </div>
          <div className={styles.text}>
            <p className={styles.featureName}>{item.featureName}</p>
            <h2 className={styles.heading}>{item.heading}</h2>
            <p className={styles.paragraph}>{item.paragraph}</p>
            {item.bulletPoints?.length ? (
              <TickList points={item.bulletPoints} className={styles.bullets} />
            ) : null}
            <div className={styles.actions}>
              <ProductLink slug={item.product} links={productLinks} />
              <GetInTouchLink getInTouch={getInTouch} topic={item.featureName} />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

function ProductLink({ slug, links }: { slug?: string; links?: ProductLinks }) {
  const product = slug && links?.products.find((candidate) => candidate.slug === slug);
  if (!product || !links) return null;
  return (
    <a href={product.path} className={styles.productLink}>
      {links.label.replaceAll("{product}", product.page.title)}
    </a>
  );
}
