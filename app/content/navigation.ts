import type { SitePage } from "./site-content";

/** A link of the header or the footer. */
export type NavLink = { label: string; href: string };

type NavPage = Pick<SitePage, "path" | "footerRank" | "headerLabel" | "footerLabel">;

/** The header's links: the pages with a header link text, in list order. */
export function headerLinksOf(pages: readonly NavPage[]): NavLink[] {
  return pages.flatMap((page) =>
    page.headerLabel ? [{ label: page.headerLabel, href: page.path }] : [],
  );
}

// The footer's links: the pages with a footer link text, by footer rank (requirements §3.3 puts
// the products first); pages without one follow, in list order.
export function footerLinksOf(pages: readonly NavPage[]): NavLink[] {
  return pages
    .filter((page) => page.footerLabel)
    .toSorted((a, b) => (a.footerRank ?? Infinity) - (b.footerRank ?? Infinity))
    .map((page) => ({ label: page.footerLabel ?? "", href: page.path }));
}

/** The case studies' list (app/pages/case-studies/), in the footer after Contact once there is a study. */
export const caseStudiesNavPage = (footerLabel: string) =>
  ({ path: "/case-studies", footerRank: 3.5, footerLabel }) satisfies NavPage;

/** The pages the footer links: the page list's, and the case studies' when there is one. */
export const footerPagesOf = (
  pages: readonly NavPage[],
  caseStudies: { count: number; footerLabel: string },
): NavPage[] =>
  caseStudies.count > 0 ? [...pages, caseStudiesNavPage(caseStudies.footerLabel)] : [...pages];
