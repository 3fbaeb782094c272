import type { Product } from "../content/products";
import styles from "./section-products.module.css";

export type SectionProductsProps = { heading: string; products: Product[] };

/** Every product of a section, the company's added ones included, each linking its page. */
export function SectionProducts({ heading, products }: SectionProductsProps) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="section-products" className={styles.block}>
      <div className={styles.inner}>
        <h2 id="section-products" className={styles.heading}>
          {heading}
        </h2>
        <ul className={styles.list}>
          {products.map((product) => (
            <li key={product.slug} className={styles.item}>
              <a href={product.path} className={styles.link}>
                {product.page.title}
              </a>
              <p className={styles.description}>{product.page.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
