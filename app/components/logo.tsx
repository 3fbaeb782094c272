import { logoMarkShapes } from "../lib/logo-mark";
import styles from "./logo.module.css";

// The dial takes its colour from the logo's CSS, the drop from its text.
const mark = logoMarkShapes({ drop: "currentColor", dial: "var(--logo-dial)" });

/** The company mark and name. */
export function Logo({ name, tone = "dark" }: { name: string; tone?: "dark" | "light" }) {
  return (
    <span className={`${styles.logo} ${tone === "light" ? styles.light : ""}`}>
      <svg
        className={styles.mark}
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant drawing.
        dangerouslySetInnerHTML={{ __html: mark }}
      />
      <span className={styles.name}>{name}</span>
    </span>
  );
}
