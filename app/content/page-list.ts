// The site's pages, one entry each: where the page lives, which kind of page it is, and how the
// editor names it. A page's words (its title, description, link texts, share card and content)
// are copy, in app/content/<id>.yaml, checked against the schema of its kind. The route table,
// the header and footer, the sitemap, the share cards, the editor's entries, the benchmark and
// the tests all derive from this list (docs/decisions/0024-a-page-is-one-entry.md).
//
// React Router's config loader evaluates app/routes.ts, and the benchmark imports this file in
// plain Node: keep it free of asset and content-file imports and of anything that needs Vite.

/** The kinds of page; each has its own content schema (app/content/schemas.ts) and route module. */
export type PageKind = "product" | "legal" | "contact";

export type PageEntry = {
  /** Names the page in code and its content file: app/content/<id>.yaml. */
  id: string;
  /** Where the page lives, with a leading slash; "/" is the home page. */
  path: string;
  kind: PageKind;
  /** The page's entry in the editor at /admin. */
  editorTitle: string;
  inSitemap: boolean;
  /**
   * The page's place in the footer, smallest first, when its file gives it a footer link text
   * (requirements §3.3 orders the footer differently from the header, which follows this list).
   */
  footerRank?: number;
  /** A product page whose hero shows its illustration round, and first on narrow screens (§4.1). */
  roundHero?: boolean;
};

export const pageList = [
  {
    id: "home",
    path: "/",
    kind: "product",
    editorTitle: "Home page",
    inSitemap: true,
    roundHero: true,
  },
  {
    id: "hardware",
    path: "/hardware",
    kind: "product",
    editorTitle: "Hardware page",
    inSitemap: true,
    footerRank: 2,
  },
  {
    id: "software",
    path: "/software",
    kind: "product",
    editorTitle: "Software page",
    inSitemap: true,
    footerRank: 1,
  },
  {
    id: "contact",
    path: "/contact",
    kind: "contact",
    editorTitle: "Contact page",
    inSitemap: true,
    footerRank: 3,
  },
  {
    id: "privacy",
    path: "/privacy",
    kind: "legal",
    editorTitle: "Privacy statement",
    inSitemap: true,
    footerRank: 4,
  },
  {
    id: "terms",
    path: "/terms",
    kind: "legal",
    editorTitle: "Terms of use",
    inSitemap: true,
    footerRank: 5,
  },
] as const satisfies readonly PageEntry[];

type ListedPage = (typeof pageList)[number];

export type PageId = ListedPage["id"];

/** The ids of the pages of one kind: the keys of that kind's content module. */
export type PageIdOfKind<Kind extends PageKind> = Extract<ListedPage, { kind: Kind }>["id"];

/** The route module that renders each kind of page, relative to app/. */
export const routeModules: Record<PageKind, string> = {
  product: "routes/product-page.tsx",
  legal: "routes/legal-page.tsx",
  contact: "routes/contact.tsx",
};

/** A page's content file, relative to the content folder. */
export function contentFileOf(page: Pick<PageEntry, "id">): string {
  return `${page.id}.yaml`;
}

/**
 * The page a route module renders, from its route's matches: each page's route has the page's
 * id (app/routes.ts), and a module renders one kind of page.
 */
export function pageOfRoute<Kind extends PageKind>(
  kind: Kind,
  matches: readonly ({ id: string } | undefined)[],
): PageIdOfKind<Kind> {
  const id = matches.at(-1)?.id;
  const page = pageList.find((candidate) => candidate.id === id);
  if (page?.kind !== kind) throw new Error(`route ${id} is not a ${kind} page`);
  return page.id as PageIdOfKind<Kind>;
}
