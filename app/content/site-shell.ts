// Copy of the parts every page shares: skip link, header, footer and the error page.
import file from "virtual:content/site-shell";

const { skipLinkLabel: skipLink, header, footer, errorPage, notFoundPage } = file;

export const skipLinkLabel = skipLink;

export const headerCopy = {
  /** Accessible name of the header's navigation landmark. */
  navigationLabel: header.navigationLabel,
  /** Accessible name of the button that opens and closes the menu on narrow screens. */
  menuButtonLabel: header.menuButtonLabel,
  /** Accessible name of the logo link, which leads home. */
  homeLinkLabel: header.homeLinkLabel,
} as const;

export const footerCopy = footer;

/** What the error boundary shows when a page cannot be rendered. */
export const errorPageCopy = errorPage;

/** The page static hosts show for an unknown path (404.html); it sends the visitor home. */
export const notFoundPageCopy = notFoundPage;
