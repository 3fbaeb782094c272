import { useId } from "react";
import type { HeroContent } from "../../content/types";
import { AssetImage } from "../asset-image";
import { GetInTouchLink } from "../get-in-touch-link";
import styles from "./hero.module.css";

type HeroProps = {
  content: HeroContent;
  /** Show the Get in Touch button under the text. */
  showGetInTouch?: boolean;
  /** Crop the illustration to a circle instead of showing it as it is. */
  roundIllustration?: boolean;
  /** On narrow screens, put the illustration above the text instead of below it. */
  illustrationFirstWhenNarrow?: boolean;
};

/** The page's coloured banner; its heading is the page's only h1. */
export function Hero({
  content,
  showGetInTouch = false,
  roundIllustration = false,
  illustrationFirstWhenNarrow = false,
}: HeroProps) {
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className={`${styles.hero} ${illustrationFirstWhenNarrow ? styles.illustrationFirstWhenNarrow : ""}`}
    >
      <div className={styles.inner}>
        <div className={styles.text}>
          <p className={styles.label}>{content.label}</p>
          <h1 id={headingId} className={styles.heading}>
            {content.heading}
          </h1>
          <p className={styles.subheading}>{content.subheading}</p>
          <p className={styles.paragraph}>{content.paragraph}</p>
          {showGetInTouch ? (
            <div className={styles.action}>
              <GetInTouchLink tone="onDark" />
            </div>
          ) : null}
        </div>
        <div className={styles.media}>
          <AssetImage
            image={content.illustration}
            className={`${styles.image} ${roundIllustration ? styles.round : styles.plain}`}
          />
        </div>
      </div>
    </section>
  );
}
