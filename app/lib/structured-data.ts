import type { BreadcrumbList, Graph, Organization, WebSite, WithContext } from "schema-dts";
import type { SitePage } from "../content/site-content";
import type { HeadSettings } from "./page-head";
import { logoImage } from "./site-icons";

// Schema.org descriptions for search engines, sent as a JSON-LD data block in each page's head.
// Every description names absolute URLs, so without a configured site URL there is none.

type Settings = Pick<HeadSettings, "companyName" | "supportEmail">;

/** The company's node, which the website names as its publisher. */
const organizationId = (siteUrl: string) => `${siteUrl}/#organization`;

function organization(siteUrl: string, settings: Settings): Organization {
  return {
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: settings.companyName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}${logoImage.path}`,
    email: settings.supportEmail,
    address: { "@type": "PostalAddress", addressCountry: "ZA" },
  };
}

function webSite(siteUrl: string, settings: Settings): WebSite {
  return {
    "@type": "WebSite",
    "@id": `${siteUrl}/#website`,
    name: settings.companyName,
    url: `${siteUrl}/`,
    inLanguage: "en-ZA",
    publisher: { "@id": organizationId(siteUrl) },
  };
}

function breadcrumbs(siteUrl: string, home: SitePage, page: SitePage): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [home, page].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      // The navigation's short name where the page has one ("Home", "Hardware").
      name: crumb.headerLabel ?? crumb.title,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

/** The company and the site on the home page; the trail from home on every other page. */
export function structuredData(
  page: SitePage,
  home: SitePage,
  settings: HeadSettings,
): Graph | WithContext<BreadcrumbList> | undefined {
  const { siteUrl } = settings;
  if (!siteUrl) return undefined;
  if (page === home) {
    return {
      "@context": "https://schema.org",
      "@graph": [organization(siteUrl, settings), webSite(siteUrl, settings)],
    };
  }
  return breadcrumbs(siteUrl, home, page);
}
