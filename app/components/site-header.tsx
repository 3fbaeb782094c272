import { Menu, X } from "lucide-react";
import { useLocation } from "react-router";
import { headerLinks, sitePage } from "../content/pages";
import { headerCopy } from "../content/site-shell";
import { Logo } from "./logo";
import styles from "./site-header.module.css";

const MENU_ID = "site-menu";

/**
 * The menu at 768 px and below is an HTML popover: the browser opens and closes it from the
 * button, closes it on Escape or a click outside, returns focus to the button and tells
 * assistive technology whether it is expanded, all without JavaScript. CSS swaps the icons.
 * A browser without the Popover API or :has() gets the plain header instead, chosen by CSS
 * alone (site-header.module.css). Links are plain anchors, as everywhere on the site: nothing
 * routes in the browser.
 */
export function SiteHeader() {
  // Prerendering asks for /hardware/ where the browser shows /hardware: the same page.
  const currentPath = useLocation().pathname.replace(/(.)\/+$/, "$1");
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <a
          href={sitePage("home").path}
          className={styles.logoLink}
          aria-label={headerCopy.homeLinkLabel}
        >
          <Logo />
        </a>
        <nav aria-label={headerCopy.navigationLabel} className={styles.nav}>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={headerCopy.menuButtonLabel}
            popoverTarget={MENU_ID}
          >
            <Menu data-icon="menu" className={styles.menuIcon} aria-hidden="true" />
            <X data-icon="close" className={styles.closeIcon} aria-hidden="true" />
          </button>
          <ul id={MENU_ID} className={styles.links} popover="auto">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  className={styles.link}
                  aria-current={link.to === currentPath ? "page" : undefined}
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
