import { skipLinkLabel } from "../content/site-shell";
import styles from "./skip-link.module.css";

export function SkipLink() {
  return (
    <a className={styles.skipLink} href="#main">
      {skipLinkLabel}
    </a>
  );
}
