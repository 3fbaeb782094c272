import { useId } from "react";
import type { HeroContent, PageVariant } from "../../content/types";
import { AssetImage } from "../asset-image";
import { GetInTouchLink } from "../get-in-touch-link";
import styles from "./hero.module.css";

type HeroProps = {
  content: HeroContent;
  /** Home: round icon, image first on narrow screens. Contact: no Get in Touch button. */
  variant: PageVariant;
};

/** The page's coloured banner; its heading is the page's only h1. */
export function Hero({ content, variant }: HeroProps) {
  const headingId = useId();
  const isHome = variant === "home";
  const { icon } = content;

  return (
    <section
      aria-labelledby={headingId}
      className={`${styles.hero} ${isHome ? styles.reversedOnMobile : ""}`}
    >
      <div className={styles.inner}>
        <div className={styles.text}>
          <p className={styles.label}>{content.label}</p>
          <h1 id={headingId} className={styles.heading}>
            {content.heading}
          </h1>
          <p className={styles.heading2}>{content.heading2}</p>
          <p className={styles.paragraph}>{content.paragraph}</p>
          {variant === "contact" ? null : (
            <div className={styles.action}>
              <GetInTouchLink tone="onDark" />
            </div>
          )}
        </div>
        <div className={styles.media}>
          <AssetImage
            image={icon}
            priority
            className={`${styles.image} ${isHome ? styles.round : styles.plain}`}
          />
        </div>
      </div>
    </section>
  );
}
