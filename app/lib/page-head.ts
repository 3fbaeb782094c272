import type { BreadcrumbList, Graph, Thing, WithContext } from "schema-dts";
import type { CompanyFile } from "../content/company-schema";
import type { SitePage } from "../content/site-content";
import { organizationContact } from "./proof-structured-data";
import { logoIcon } from "./site-icons";

// A page's title, description, link-preview tags and structured data. What needs the site's
// origin (canonical link, og:url, og:image, JSON-LD) is left out without it, not pointed wrong.

export const shareCardSize = { width: 1200, height: 630 } as const;

type Settings = {
  companyName: string;
  supportEmail?: string;
  siteUrl?: string;
  /** The company's contacts (company.yaml), in its Organization. */
  company?: CompanyFile;
};

/** What the head needs of a page: a page of the list, or a product's (app/content/products.ts). */
type HeadPage = Pick<SitePage, "id" | "path" | "title" | "description" | "shareCard"> & {
  headerLabel?: string;
};

/** What a page nested below another adds: the pages between home and it, and what it is about. */
type Nested = { trail: readonly HeadPage[]; about?: (siteUrl: string) => Thing };

/** `home` starts the breadcrumb trail of every other page. */
export function pageHead(page: HeadPage, home: HeadPage, settings: Settings, nested?: Nested) {
  const { companyName, siteUrl } = settings;
  const title = `${page.title} | ${companyName}`;
  const url = siteUrl && `${siteUrl}${page.path}`;
  const meta = [
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
      // Drawn by app/pages/social/[id].png.ts.
      { property: "og:image", content: `${siteUrl}/social/${page.id}.png` },
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
  const jsonLd = siteUrl ? structuredData(page, home, { ...settings, siteUrl }, nested) : undefined;
  return { title, meta, canonical: url, jsonLd };
}

/** Schema.org for search engines: the company and the site on the home page, else the trail. */
function structuredData(
  page: HeadPage,
  home: HeadPage,
  { companyName, supportEmail, siteUrl, company }: Settings & { siteUrl: string },
  nested?: Nested,
): Graph | WithContext<BreadcrumbList> {
  const organization = `${siteUrl}/#organization`;
  if (page === home) {
    return {
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": "Organization",
          "@id": organization,
          name: companyName,
          url: `${siteUrl}/`,
          logo: `${siteUrl}${logoIcon.path}`,
          ...(supportEmail && { email: supportEmail }),
          address: { "@type": "PostalAddress", addressCountry: "ZA" },
          ...organizationContact(company),
        },
        {
          "@type": "WebSite",
          "@id": `${siteUrl}/#website`,
          name: companyName,
          url: `${siteUrl}/`,
          inLanguage: "en-ZA",
          publisher: { "@id": organization },
        },
      ],
    };
  }
  const trail: BreadcrumbList = {
    "@type": "BreadcrumbList",
    itemListElement: [home, ...(nested?.trail ?? []), page].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      // The navigation's short name where the page has one ("Home", "Hardware").
      name: crumb.headerLabel ?? crumb.title,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
  const about = nested?.about?.(siteUrl);
  if (about) return { "@context": "https://schema.org", "@graph": [trail, about] };
  return { "@context": "https://schema.org", ...trail };
}
