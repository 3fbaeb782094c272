// The site's pages, one entry each: where the page lives, its kind and how the editor names
// it. A page's words are copy, in app/content/<id>.yaml, checked against its kind's schema.
// Routes, navigation, sitemap, share cards, the editor and the tests all derive from this list.
// Plain data with no imports: the build, the editor's script, the benches and the tests read it.

/** The kinds of page; each has its own content schema (app/content/schemas.ts). */
export type PageKind = "product" | "legal" | "contact";

export type PageEntry = {
  /** Names the page in code and its content file: app/content/<id>.yaml. */
  id: string;
  /** Where the page lives, with a leading slash; "/" is the home page. */
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
  {
    id: "home",
    path: "/",
    kind: "product",
    editorTitle: "Home page",
    roundHero: true,
  },
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
  {
    id: "contact",
    path: "/contact",
    kind: "contact",
    editorTitle: "Contact page",
    footerRank: 3,
  },
  {
    id: "privacy",
    path: "/privacy",
    kind: "legal",
    editorTitle: "Privacy statement",
    footerRank: 4,
  },
  {
    id: "terms",
    path: "/terms",
    kind: "legal",
    editorTitle: "Terms of use",
    footerRank: 5,
  },
] as const satisfies readonly PageEntry[];

export type PageId = (typeof pageList)[number]["id"];

/** Astro's static paths for a page list (app/pages/[...page].astro): "/" is the rest-less one. */
export const staticPathsOf = (pages: readonly PageEntry[]) =>
  pages.map((page) => ({
    params: { page: page.path.slice(1) || undefined },
    props: { id: page.id },
  }));

/** A page's content file, relative to the content folder. */
export function contentFileOf(page: Pick<PageEntry, "id">): string {
  return `${page.id}.yaml`;
}
