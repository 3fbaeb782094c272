// The site's pages with their words: each entry of the page list (app/content/page-list.ts)
// joined with its own file's `page` block (title, description, link texts, share card). The
// header and footer navigation, the page titles, the share cards and the tests read these.
import pageBlocks from "virtual:content/pages";
import { type PageEntry, type PageId, pageList } from "./page-list";
import type { PageBlockFile } from "./schemas";

export type { PageId };

/** A page of a list, with its words. */
export type ListedSitePage<Entry extends PageEntry = PageEntry> = Entry & PageBlockFile;

/** A page of the site, with its words. */
export type SitePage = ListedSitePage<(typeof pageList)[number]>;

/** A page list's pages, in list order, each with the `page` block of its file. */
export function sitePagesOf<Entry extends PageEntry>(
  pages: readonly Entry[],
  blocks: Record<Entry["id"], PageBlockFile>,
): ListedSitePage<Entry>[] {
  return pages.map((page) => ({ ...page, ...blocks[page.id as Entry["id"]] }));
}

export const sitePages: readonly SitePage[] = sitePagesOf(pageList, pageBlocks);

/** One page by its id, for links and page metadata. */
export function sitePage(id: PageId): SitePage {
  const page = sitePages.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`no page ${id}`);
  return page;
}

export type NavLinkItem = { label: string; to: string };

/** The header's main navigation: the pages with a header link text, in list order. */
export function headerLinksOf(pages: readonly ListedSitePage[]): NavLinkItem[] {
  return pages.flatMap((page) =>
    page.headerLabel ? [{ label: page.headerLabel, to: page.path }] : [],
  );
}

/**
 * The footer's links: the pages with a footer link text, by their footer rank (requirements
 * §3.3 puts the products before the contact and legal pages); pages without one follow, in list
 * order.
 */
export function footerLinksOf(pages: readonly ListedSitePage[]): NavLinkItem[] {
  return pages
    .flatMap(({ footerLabel, footerRank, path }) =>
      footerLabel
        ? [{ rank: footerRank ?? Number.POSITIVE_INFINITY, link: { label: footerLabel, to: path } }]
        : [],
    )
    .toSorted((a, b) => a.rank - b.rank)
    .map(({ link }) => link);
}

export const headerLinks: readonly NavLinkItem[] = headerLinksOf(sitePages);

export const footerLinks: readonly NavLinkItem[] = footerLinksOf(sitePages);
