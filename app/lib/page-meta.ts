import type { MetaDescriptor } from "react-router";
import { siteConfig } from "../config";
import { type PageId, sitePage } from "../content/pages";
import type { PublicSettings } from "../public-settings";
import { linkPreviewMeta } from "./link-preview";
import { structuredData } from "./structured-data";

type MetaSettings = Pick<PublicSettings, "companyName" | "siteUrl" | "supportEmail">;

/**
 * A page's title, description, link-preview tags and structured data. Whatever needs the
 * site's public origin (canonical link, og:url, og:image, JSON-LD) is left out without it,
 * rather than pointed somewhere wrong.
 */
export function pageMeta(id: PageId, settings: MetaSettings = siteConfig): MetaDescriptor[] {
  const page = sitePage(id);
  const { title, description, path } = page;
  const { companyName, siteUrl } = settings;
  const fullTitle = `${title} | ${companyName}`;
  const absoluteUrl: MetaDescriptor[] = siteUrl
    ? [
        { tagName: "link", rel: "canonical", href: `${siteUrl}${path}` },
        { property: "og:url", content: `${siteUrl}${path}` },
      ]
    : [];
  const jsonLd = structuredData(page, settings);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    ...absoluteUrl,
    ...linkPreviewMeta(page, settings),
    ...(jsonLd ? [{ "script:ld+json": jsonLd }] : []),
  ];
}
