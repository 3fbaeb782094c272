// Copy of the parts every page shares: skip link, header, footer and the error page.

export const skipLinkLabel = "Skip to main content";

export const headerCopy = {
  /** Accessible name of the header's navigation landmark. */
  navigationLabel: "Main",
  /** Accessible name of the button that opens and closes the menu on narrow screens. */
  menuButtonLabel: "Menu",
  /** Accessible name of the logo link, which leads home. */
  homeLinkLabel: (companyName: string) => `${companyName} home`,
} as const;

export const footerCopy = {
  /** Accessible name of the footer's navigation landmark. */
  navigationLabel: "Footer",
  tagline: "Smart water meters and water-management software, made in South Africa.",
  /** Follows the year and the company name in the copyright line. */
  rightsReserved: "All rights reserved.",
} as const;

/** What the error boundary shows when a page cannot be rendered. */
export const errorPageCopy = {
  heading: "Sorry, this page could not be shown",
  /** Shown when the error is not an HTTP response with its own status text. */
  unknownError: "Something went wrong while showing this page.",
  homeLink: "Go to the home page",
} as const;

/** The page static hosts show for an unknown path (404.html); it sends the visitor home. */
export const notFoundPageCopy = {
  title: "Page not found",
  heading: "This page does not exist",
  paragraph: "We are taking you to the home page.",
  homeLink: "Go to the home page",
} as const;
