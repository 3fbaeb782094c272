import type { SitePage } from "../content/site-content";
import { structuredData } from "./structured-data";

// A page's title, description, link-preview tags and structured data. Whatever needs the site's
// public origin (canonical link, og:url, og:image, JSON-LD) is left out without it, rather than
// pointed somewhere wrong.

export type HeadSettings = { companyName: string; supportEmail: string; siteUrl?: string };
export type MetaTag = { name: string; content: string } | { property: string; content: string };

export const shareCardSize = { width: 1200, height: 630 } as const;

/** Where a page's share card is served (app/pages/social/[id].png.ts). */
export const shareCardPath = (id: string) => `/social/${id}.png`;

/** `home` starts the breadcrumb trail of every other page. */
export function pageHead(page: SitePage, home: SitePage, settings: HeadSettings) {
  const { companyName, siteUrl } = settings;
  const title = `${page.title} | ${companyName}`;
  const url = siteUrl && `${siteUrl}${page.path}`;
  const meta: MetaTag[] = [
    { name: "description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:site_name", content: companyName },
    { property: "og:locale", content: "en_ZA" },
  ];
  // Link previews only fetch absolute image URLs.
  if (url) {
    meta.push(
      { property: "og:url", content: url },
      { property: "og:image", content: `${siteUrl}${shareCardPath(page.id)}` },
      { property: "og:image:type", content: "image/png" },
      { property: "og:image:width", content: String(shareCardSize.width) },
      { property: "og:image:height", content: String(shareCardSize.height) },
      {
        property: "og:image:alt",
        content: `${companyName}: ${page.title}, beside an illustration of ${page.shareCard.description}.`,
      },
    );
  }
  meta.push({ name: "twitter:card", content: url ? "summary_large_image" : "summary" });
  return { title, meta, canonical: url, jsonLd: structuredData(page, home, settings) };
}
