import { hasDocumentsPage, withDocumentsPage } from "./documents.ts";
import type { SitePage } from "./site-content";

/** A link of the header or the footer. */
export type NavLink = { label: string; href: string };

type NavPage = Pick<SitePage, "path" | "footerRank" | "headerLabel" | "footerLabel">;

/** The pages that prove what the others claim, linked from the header too, when they exist. */
const proofPaths = ["/faq", "/documents", "/case-studies"];

/**
 * The header's links: the pages with a header link text, in list order (requirements §2's four
 * first), then those of `/faq`, `/documents` and `/case-studies` that exist, by their footer
 * link text. `pages` is the footer's (footerPagesOf), which holds the last two when they exist.
 */
export function headerLinksOf(pages: readonly NavPage[]): NavLink[] {
  const proof = proofPaths.flatMap((path) => {
    const page = pages.find((candidate) => candidate.path === path && !candidate.headerLabel);
    return page?.footerLabel ? [{ label: page.footerLabel, href: path }] : [];
  });
  return [
    ...pages.flatMap((page) =>
      page.headerLabel ? [{ label: page.headerLabel, href: page.path }] : [],
    ),
    ...proof,
  ];
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
const footerPagesOf = (
  pages: readonly NavPage[],
  caseStudies: { count: number; footerLabel: string },
): NavPage[] =>
  caseStudies.count > 0 ? [...pages, caseStudiesNavPage(caseStudies.footerLabel)] : [...pages];

/**
 * The pages the header and footer link, from the content as a reader gives it (the build's or the
 * files'): the page list's, /documents once it lists anything (a document, or a product and its
 * datasheet), and the case studies' once there is one.
 */
export const navigationPagesOf = (content: {
  sitePages(): readonly NavPage[];
  shellFile(): { documents: Parameters<typeof withDocumentsPage>[1] };
  siteDocuments(): readonly unknown[];
  siteProducts(): readonly unknown[];
  caseStudies(): readonly unknown[];
  caseStudiesPage(): { page: { footerLabel?: string } };
}) =>
  footerPagesOf(
    withDocumentsPage(
      content.sitePages(),
      content.shellFile().documents,
      hasDocumentsPage(content),
    ),
    {
      count: content.caseStudies().length,
      footerLabel: content.caseStudiesPage().page.footerLabel ?? "",
    },
  );
