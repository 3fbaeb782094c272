import { type ReactNode, useId } from "react";
import type { HeroFile } from "../../content/schemas";
import { type GetInTouch, GetInTouchLink } from "../get-in-touch-link";
import { Picture } from "../picture";
import styles from "./hero.module.css";

type HeroProps = {
  content: HeroFile;
  /** Shows the Get in Touch button under the text. */
  getInTouch?: GetInTouch;
  /** The home page's picture: a circle, above the text on narrow screens (requirements §4.1). */
  round?: boolean;
  /** Under the text, in the first screen: the contact page's ways to talk to us. */
  children?: ReactNode;
};

/** The page's coloured banner; its heading is the page's only h1. */
export function Hero({ content, getInTouch, round = false, children }: HeroProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`${styles.hero} ${round ? styles.illustrationFirstWhenNarrow : ""}`}
    >
      <div className={styles.inner}>
        <div className={styles.text}>
          <p className={styles.label}>{content.label}</p>
          <h1 id={headingId} className={styles.heading}>
            {content.heading}
          </h1>
          <p className={styles.subheading}>{content.subheading}</p>
          <p className={styles.paragraph}>{content.paragraph}</p>
          {getInTouch ? (
            <div className={styles.action}>
              <GetInTouchLink getInTouch={getInTouch} onDark />
            </div>
          ) : null}
          {children}
        </div>
        <div className={styles.media}>
          <Picture
            name={content.illustration.picture}
            alt={content.illustration.alt}
            className={`${styles.image} ${round ? styles.round : styles.plain}`}
          />
        </div>
      </div>
    </section>
  );
}
