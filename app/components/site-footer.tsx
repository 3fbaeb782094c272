import { siteConfig } from "../config";
import { footerLinks } from "../content/pages";
import { footerCopy } from "../content/site-shell";
import { Logo } from "./logo";
import styles from "./site-footer.module.css";

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <Logo tone="light" />
          <p className={styles.tagline}>{footerCopy.tagline}</p>
        </div>
        <nav aria-label={footerCopy.navigationLabel}>
          <ul className={styles.links}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <a href={link.to} className={styles.link}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span>{" "}
          {siteConfig.companyName}. {footerCopy.rightsReserved}
        </p>
      </div>
    </footer>
  );
}
