import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { siteConfig } from "../config";
import { headerLinks, sitePage } from "../content/pages";
import { headerCopy } from "../content/site-shell";
import { Logo } from "./logo";
import styles from "./site-header.module.css";

const MENU_ID = "site-menu";

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    }
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          to={sitePage("home").path}
          className={styles.logoLink}
          aria-label={headerCopy.homeLinkLabel(siteConfig.companyName)}
        >
          <Logo />
        </Link>
        <nav aria-label={headerCopy.navigationLabel} className={styles.nav}>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-label={headerCopy.menuButtonLabel}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" size={24} data-icon="close" />
            ) : (
              <Menu aria-hidden="true" size={24} data-icon="menu" />
            )}
          </button>
          <ul id={MENU_ID} className={`${styles.links} ${menuOpen ? styles.open : ""}`}>
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={styles.link}
                  onClick={() => setMenuOpen(false)}
                >
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
