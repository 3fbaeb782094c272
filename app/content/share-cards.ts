// What each page's share card (the picture a link preview shows) draws beside the page title:
// the page's own hero illustration, named by file so the build can render it without Vite.
import type { PageId } from "./pages";

export type ShareCardArtwork = {
  /** A file in app/assets/illustrations/. */
  file: string;
  /** What the illustration shows, for the card's alt text. */
  description: string;
};

export const shareCardArtwork: Record<PageId, ShareCardArtwork> = {
  home: {
    file: "real-time-control.svg",
    description: "a smart water meter on a pipe sending its readings to a phone app",
  },
  hardware: {
    file: "hardware-overview.svg",
    description: "a data connection unit, a smart water meter and a routing module",
  },
  software: {
    file: "software-overview.svg",
    description: "the device management centre on a monitor beside the client app on a phone",
  },
  contact: {
    file: "contact-hero.svg",
    description: "a phone showing a form, a water drop and a message bubble",
  },
  privacy: {
    file: "privacy-statement.svg",
    description: "a document with a shield and padlock",
  },
  terms: {
    file: "terms-of-use.svg",
    description: "a document with a tick",
  },
};
