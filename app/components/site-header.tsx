import { Link, NavLink } from "react-router";
import { siteConfig } from "../config";
import { headerLinks, sitePage } from "../content/pages";
import { headerCopy } from "../content/site-shell";
import { Logo } from "./logo";
import { CloseIcon, MenuIcon } from "./menu-icons";
import styles from "./site-header.module.css";

const MENU_ID = "site-menu";

/**
 * The menu at 768 px and below is an HTML popover: the browser opens and closes it from the
 * button, closes it on Escape or a click outside, returns focus to the button and tells
 * assistive technology whether it is expanded, all without JavaScript. CSS swaps the icons.
 * A browser without the Popover API or :has() gets the plain header instead, chosen by CSS
 * alone (site-header.module.css). Every link loads a whole document: only the contact page
 * starts the app.
 */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          to={sitePage("home").path}
          className={styles.logoLink}
          aria-label={headerCopy.homeLinkLabel(siteConfig.companyName)}
          reloadDocument
        >
          <Logo />
        </Link>
        <nav aria-label={headerCopy.navigationLabel} className={styles.nav}>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={headerCopy.menuButtonLabel}
            popoverTarget={MENU_ID}
          >
            <MenuIcon data-icon="menu" className={styles.menuIcon} />
            <CloseIcon data-icon="close" className={styles.closeIcon} />
          </button>
          <ul id={MENU_ID} className={styles.links} popover="auto">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={styles.link} reloadDocument>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
