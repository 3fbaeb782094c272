// The site's pages, listed once. The route table (app/routes.ts), the header and footer
// navigation, the sitemap, the page titles, the benchmark and the tests all read this list.
// React Router's config loader evaluates app/routes.ts, and the benchmark imports this file in
// plain Node: keep it free of asset imports (images, CSS) and of anything that needs Vite.

export type PageId = "home" | "hardware" | "software" | "contact" | "privacy" | "terms";

export type SitePage = {
  id: PageId;
  /** Where the page lives, with a leading slash; "/" is the home page. */
  path: string;
  /** Route module, relative to app/, that renders the page. */
  routeModule: string;
  /** The page's own title; the company name is appended in the document title. */
  title: string;
  /** The meta description, also used for link previews. */
  description: string;
  /** The link text in the header's main navigation; absent when the header does not link it. */
  headerLabel?: string;
  /** The link text in the footer; absent when the footer does not link it. */
  footerLabel?: string;
  inSitemap: boolean;
};

export const sitePages = [
  {
    id: "home",
    path: "/",
    routeModule: "routes/home.tsx",
    title: "Smart water meters and real-time control",
    description:
      "Locally designed smart water meters with real-time reports, leak detection and remote valve control from your phone.",
    headerLabel: "Home",
    inSitemap: true,
  },
  {
    id: "hardware",
    path: "/hardware",
    routeModule: "routes/hardware.tsx",
    title: "Quality hardware",
    description:
      "Our data connection unit, smart water meters and routing modules: locally designed and assembled in South Africa.",
    headerLabel: "Hardware",
    footerLabel: "Hardware",
    inSitemap: true,
  },
  {
    id: "software",
    path: "/software",
    routeModule: "routes/software.tsx",
    title: "High-performing software",
    description:
      "A client app for real-time water reports, leak alerts and valve control, and a central device management centre for utilities.",
    headerLabel: "Software",
    footerLabel: "Software",
    inSitemap: true,
  },
  {
    id: "contact",
    path: "/contact",
    routeModule: "routes/contact.tsx",
    title: "Request a demo",
    description:
      "Request a demo or send us an enquiry about smart water meters and water-management software.",
    headerLabel: "Contact",
    footerLabel: "Contact",
    inSitemap: true,
  },
  {
    id: "privacy",
    path: "/privacy",
    routeModule: "routes/privacy.tsx",
    title: "Privacy statement",
    description: "How we collect, use and protect your personal information.",
    footerLabel: "Privacy policy",
    inSitemap: true,
  },
  {
    id: "terms",
    path: "/terms",
    routeModule: "routes/terms.tsx",
    title: "Terms of use",
    description: "The terms that apply when you use this website.",
    footerLabel: "Terms of use",
    inSitemap: true,
  },
] as const satisfies readonly SitePage[];

/** One page by its id, for links and page metadata. */
export function sitePage(id: PageId): SitePage {
  const page = sitePages.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`no page ${id}`);
  return page;
}

export type NavLinkItem = { label: string; to: string };

/** The header's main navigation, in list order. */
export const headerLinks: readonly NavLinkItem[] = sitePages.flatMap((page: SitePage) =>
  page.headerLabel ? [{ label: page.headerLabel, to: page.path }] : [],
);

// The footer lists the products before the contact and legal pages, as requirements §3.3 orders them.
const footerOrder: readonly PageId[] = ["software", "hardware", "contact", "privacy", "terms"];

/** The footer's links. */
export const footerLinks: readonly NavLinkItem[] = footerOrder.map((id) => {
  const { footerLabel, path } = sitePage(id);
  if (!footerLabel) throw new Error(`page ${id} is in the footer but has no footerLabel`);
  return { label: footerLabel, to: path };
});
