// The site's pages, from which routes, navigation, sitemap, share cards, the editor and the tests
// derive; each one's words are in app/content/<id>.yaml. No imports: every tool reads it.

export type PageKind = "product" | "legal" | "contact" | "faq";

export type PageEntry = {
  id: string;
  /** With a leading slash; "/" is the home page. */
  path: string;
  kind: PageKind;
  /** The page's entry in the editor at /admin. */
  editorTitle: string;
  /** The footer orders pages by this, smallest first (requirements §3.3); the header by the list. */
  footerRank?: number;
  /** A product page whose hero shows its picture round, and first on narrow screens (§4.1). */
  roundHero?: boolean;
};

export const pageList = [
  { id: "home", path: "/", kind: "product", editorTitle: "Home page", roundHero: true },
  {
    id: "hardware",
    path: "/hardware",
    kind: "product",
    editorTitle: "Hardware page",
    footerRank: 2,
  },
  {
    id: "software",
    path: "/software",
    kind: "product",
    editorTitle: "Software page",
    footerRank: 1,
  },
  { id: "contact", path: "/contact", kind: "contact", editorTitle: "Contact page", footerRank: 3 },
  // Case studies (footer rank 3.5) follow, when there are any: app/content/navigation.ts.
  {
    id: "faq",
    path: "/faq",
    kind: "faq",
    editorTitle: "Frequent questions",
    footerRank: 3.6,
  },
  {
    id: "privacy",
    path: "/privacy",
    kind: "legal",
    editorTitle: "Privacy statement",
    footerRank: 4,
  },
  { id: "terms", path: "/terms", kind: "legal", editorTitle: "Terms of use", footerRank: 5 },
] as const satisfies readonly PageEntry[];

export type PageId = (typeof pageList)[number]["id"];

/** Astro's static paths for a page list (app/pages/[...page].astro): "/" is the rest-less one. */
export const staticPathsOf = (pages: readonly PageEntry[]) =>
  pages.map(({ id, path }) => ({ params: { page: path.slice(1) || undefined }, props: { id } }));

export const contentFileOf = (page: Pick<PageEntry, "id">) => `${page.id}.yaml`;
