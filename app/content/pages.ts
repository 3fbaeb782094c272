// The site's pages, listed once. The route table (app/routes.ts), the header and footer
// navigation, the sitemap, the page titles, the benchmark and the tests all read this list:
// each page's place and route module from app/content/page-routes.ts, its words from pages.yaml.
import { type PageId, type PageRoute, pageRoutes } from "./page-routes";
import file from "./pages.yaml";
import type { PagesFile } from "./schemas";

export type { PageId };

export type SitePage = PageRoute & {
  /** The page's own title; the company name is appended in the document title. */
  title: string;
  /** The meta description, also used for link previews. */
  description: string;
  /** The link text in the header's main navigation; absent when the header does not link it. */
  headerLabel?: string;
  /** The link text in the footer; absent when the footer does not link it. */
  footerLabel?: string;
};

const copy = file as PagesFile;

export const sitePages: readonly SitePage[] = pageRoutes.map((route) => ({
  ...route,
  ...copy[route.id],
}));

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
