import { Menu, X } from "lucide-react";
import type { NavLink } from "../content/navigation";
import type { SiteShellFile } from "../content/schemas";
import { Logo } from "./logo";
import styles from "./site-header.module.css";

type SiteHeaderProps = {
  copy: SiteShellFile["header"];
  companyName: string;
  links: readonly NavLink[];
  /** The page shown, whose link is marked current; a page below a link marks it too. */
  currentPath: string;
};

const MENU_ID = "site-menu";

/** "page" on the link to the page shown; "true" on its section's (/hardware for a hardware product). */
function currentOf(href: string, currentPath: string) {
  if (href === currentPath) return "page";
  return href !== "/" && currentPath.startsWith(`${href}/`) ? "true" : undefined;
}

// On narrow screens the links are an HTML popover, which the browser opens, closes and announces
// without JavaScript; CSS swaps the icons. A browser without the Popover API or :has() gets the
// plain header, chosen by CSS alone (site-header.module.css).
export function SiteHeader({ copy, companyName, links, currentPath }: SiteHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <a href="/" className={styles.logoLink} aria-label={copy.homeLinkLabel}>
          <Logo name={companyName} />
        </a>
        <nav aria-label={copy.navigationLabel} className={styles.nav}>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={copy.menuButtonLabel}
            popoverTarget={MENU_ID}
          >
            <Menu data-icon="menu" className={styles.menuIcon} aria-hidden="true" />
            <X data-icon="close" className={styles.closeIcon} aria-hidden="true" />
          </button>
          <ul id={MENU_ID} className={styles.links} popover="auto">
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className={styles.link}
                  aria-current={currentOf(link.href, currentPath)}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
