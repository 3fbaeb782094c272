import type { MetaDescriptor } from "react-router";
import { siteConfig } from "../config";
import { shareCardArtwork } from "../content/share-cards";

// The tags link previews read (WhatsApp, LinkedIn, Slack, X): the site, the locale and the
// page's share card, a picture made at build time by scripts/social-images.ts.

type PageRef = { title: string; path: string };

export const shareCardSize = { width: 1200, height: 630 } as const;

export type SharedPagePath = keyof typeof shareCardArtwork;

/** Where a page's share card is served; "/" has the card "home". */
export function shareCardPath(pagePath: SharedPagePath): string {
  return `/social/${pagePath === "/" ? "home" : pagePath.slice(1)}.png`;
}

export function shareCardAlt(page: PageRef & { path: SharedPagePath }): string {
  const { description } = shareCardArtwork[page.path];
  return `${siteConfig.companyName}: ${page.title}, beside an illustration of ${description}.`;
}

export function linkPreviewMeta(page: PageRef & { path: SharedPagePath }): MetaDescriptor[] {
  const site: MetaDescriptor[] = [
    { property: "og:site_name", content: siteConfig.companyName },
    { property: "og:locale", content: "en_ZA" },
  ];
  // Link previews only fetch absolute image URLs.
  if (!siteConfig.siteUrl) return [...site, { name: "twitter:card", content: "summary" }];
  return [
    ...site,
    { property: "og:image", content: `${siteConfig.siteUrl}${shareCardPath(page.path)}` },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(shareCardSize.width) },
    { property: "og:image:height", content: String(shareCardSize.height) },
    { property: "og:image:alt", content: shareCardAlt(page) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
