import type { MetaDescriptor } from "react-router";
import { siteConfig } from "../config";
import type { PageMeta } from "../content/types";

export function pageMeta({ title, description, path }: PageMeta): MetaDescriptor[] {
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
