import { CircleCheck } from "lucide-react";
import type { InfoBlockItem } from "../../content/types";
import { AssetImage } from "../asset-image";
import { GetInTouchLink } from "../get-in-touch-link";
import styles from "./info-block.module.css";

type InfoBlockProps = {
  items: readonly InfoBlockItem[];
};

/** Detailed feature rows; on wide screens every second row puts its picture on the right. */
export function InfoBlock({ items }: InfoBlockProps) {
  return (
    <div className={styles.block}>
      {items.map((item, index) => (
        <div
          key={item.heading}
          className={`${styles.row} ${index % 2 === 1 ? styles.imageRight : styles.imageLeft}`}
        >
          <div className={styles.media}>
            <AssetImage image={item.illustration} className={styles.image} />
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
            <GetInTouchLink topic={item.featureName} />
          </div>
        </div>
      ))}
    </div>
  );
}
