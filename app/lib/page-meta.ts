import type { MetaDescriptor } from "react-router";
import { siteConfig } from "../config";
import { type PageId, sitePage } from "../content/pages";

export function pageMeta(id: PageId): MetaDescriptor[] {
  const { title, description, path } = sitePage(id);
  const fullTitle = `${title} | ${siteConfig.companyName}`;
  const url = `${siteConfig.siteUrl}${path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
  ];
}
