import type { MetaDescriptor } from "react-router";
import type { ListedSitePage } from "../content/pages";
import type { PublicSettings } from "../public-settings";

// The tags link previews read (WhatsApp, LinkedIn, Slack, X): the site, the locale and the
// page's share card, a picture made at build time by scripts/social-images.ts.

export const shareCardSize = { width: 1200, height: 630 } as const;

/** Where a page's share card is served. */
export function shareCardPath(id: string): string {
  return `/social/${id}.png`;
}

function shareCardAlt(page: ListedSitePage, companyName: string): string {
  return `${companyName}: ${page.title}, beside an illustration of ${page.shareCard.description}.`;
}

export function linkPreviewMeta(
  page: ListedSitePage,
  { companyName, siteUrl }: Pick<PublicSettings, "companyName" | "siteUrl">,
): MetaDescriptor[] {
  const site: MetaDescriptor[] = [
    { property: "og:site_name", content: companyName },
    { property: "og:locale", content: "en_ZA" },
  ];
  // Link previews only fetch absolute image URLs.
  if (!siteUrl) return [...site, { name: "twitter:card", content: "summary" }];
  return [
    ...site,
    { property: "og:image", content: `${siteUrl}${shareCardPath(page.id)}` },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(shareCardSize.width) },
    { property: "og:image:height", content: String(shareCardSize.height) },
    { property: "og:image:alt", content: shareCardAlt(page, companyName) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
