import styles from "./breadcrumb.module.css";

export type Crumb = { label: string; href: string };

/** The trail to the page shown, its last step the page itself (the structured data's trail too). */
export function Breadcrumb({
  label,
  trail,
  current,
}: {
  label: string;
  trail: Crumb[];
  current: string;
}) {
  return (
    <nav aria-label={label} className={styles.breadcrumb}>
      <ol className={styles.list}>
        {trail.map((crumb) => (
          <li key={crumb.href}>
            <a href={crumb.href}>{crumb.label}</a>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
