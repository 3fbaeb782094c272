import type { CompanyFile } from "../content/company-schema";
import type { NavLink } from "../content/navigation";
import type { SiteShellFile } from "../content/schemas";
import { Logo } from "./logo";
import { ContactDetails } from "./proof/contact-details";
import styles from "./site-footer.module.css";

type SiteFooterProps = {
  copy: SiteShellFile["footer"];
  companyName: string;
  links: readonly NavLink[];
  /** The company's contacts; a detail left empty is not shown. */
  company?: CompanyFile;
};

export function SiteFooter({ copy, companyName, links, company }: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <div>
            <Logo name={companyName} tone="light" />
            <p className={styles.tagline}>{copy.tagline}</p>
            {company && <ContactDetails company={company} source="footer" onDark />}
          </div>
          <nav aria-label={copy.navigationLabel}>
            <ul className={styles.links}>
              {links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={styles.link}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {companyName}. {copy.rightsReserved}
        </p>
      </div>
    </footer>
  );
}
