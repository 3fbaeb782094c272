import type { SiteShellFile } from "../content/schemas";
import styles from "./not-found.module.css";

/** What a static host shows for an unknown path, while the page sends the visitor home. */
export function NotFound({ copy }: { copy: SiteShellFile["notFoundPage"] }) {
  return (
    <section className={styles.page}>
      <h1>{copy.heading}</h1>
      <p>{copy.paragraph}</p>
      <p>
        <a href="/">{copy.homeLink}</a>
      </p>
    </section>
  );
}
