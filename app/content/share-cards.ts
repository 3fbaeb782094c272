// What each page's share card (the picture a link preview shows) draws beside the page title:
// the page's own hero illustration, named by file so the build can render it without Vite.
import type { PageId } from "./pages";
import type { ShareCardsFile } from "./schemas";
import file from "./share-cards.yaml";

export type ShareCardArtwork = {
  /** A file in app/assets/illustrations/. */
  file: string;
  /** What the illustration shows, for the card's alt text. */
  description: string;
};

export const shareCardArtwork: Record<PageId, ShareCardArtwork> = Object.fromEntries(
  Object.entries(file as ShareCardsFile).map(([id, { picture, description }]) => [
    id,
    { file: `${picture}.svg`, description },
  ]),
) as Record<PageId, ShareCardArtwork>;
