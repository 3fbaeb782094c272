// The content modules the site's code reads its words from, one per schema. The content plugin
// (scripts/content-plugin.ts) makes each from the files of app/content/page-list.ts, after
// checking every file against the very schema its type below is inferred from
// (app/content/content-files.ts), so these types hold for the data they describe.

declare module "virtual:content/pages" {
  /** Each page's own block (title, description, link texts, share card), by page id. */
  const pages: Record<import("./page-list.ts").PageId, import("./schemas.ts").PageBlockFile>;
  export default pages;
}

declare module "virtual:content/product" {
  const pages: import("./schemas.ts").PagesOfKind<"product">;
  export default pages;
}

declare module "virtual:content/legal" {
  const pages: import("./schemas.ts").PagesOfKind<"legal">;
  export default pages;
}

declare module "virtual:content/contact" {
  const pages: import("./schemas.ts").PagesOfKind<"contact">;
  export default pages;
}

declare module "virtual:content/site-shell" {
  const shell: import("./schemas.ts").SiteShellFile;
  export default shell;
}
