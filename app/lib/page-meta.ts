import type { MetaDescriptor } from "react-router";
import { siteConfig } from "../config";
import { type PageId, sitePage } from "../content/pages";
import type { PublicSettings } from "../public-settings";

/**
 * A page's title, description and link-preview tags. The canonical link and og:url need the
 * site's public origin; without it they are left out rather than pointed somewhere wrong.
 */
export function pageMeta(
  id: PageId,
  { companyName, siteUrl }: Pick<PublicSettings, "companyName" | "siteUrl"> = siteConfig,
): MetaDescriptor[] {
  const { title, description, path } = sitePage(id);
  const fullTitle = `${title} | ${companyName}`;
  const absoluteUrl: MetaDescriptor[] = siteUrl
    ? [
        { tagName: "link", rel: "canonical", href: `${siteUrl}${path}` },
        { property: "og:url", content: `${siteUrl}${path}` },
      ]
    : [];
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    ...absoluteUrl,
  ];
}
