import { CircleCheck } from "lucide-react";
import type { ProductPageFile } from "../../content/schemas";
import { type GetInTouch, GetInTouchLink } from "../get-in-touch-link";
import { Picture } from "../picture";
import styles from "./info-block.module.css";

type InfoBlockProps = {
  items: ProductPageFile["features"];
  getInTouch: GetInTouch;
};

/** Detailed feature rows; on wide screens every second row puts its picture on the right. */
export function InfoBlock({ items, getInTouch }: InfoBlockProps) {
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
              <ul className={styles.bullets}>
                {item.bulletPoints.map((point) => (
                  <li key={point} className={styles.bullet}>
                    <CircleCheck aria-hidden="true" size={20} className={styles.tick} />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <GetInTouchLink getInTouch={getInTouch} topic={item.featureName} />
          </div>
        </div>
      ))}
    </div>
  );
}
