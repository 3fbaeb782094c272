// The site's pages, listed once, as code: where each lives and which module renders it. Their
// words (titles, descriptions, link texts) are copy, in pages.yaml, joined in app/content/pages.ts.
// React Router's config loader evaluates app/routes.ts, and the benchmark imports this file in
// plain Node: keep it free of asset and content-file imports and of anything that needs Vite.

export type PageId = "home" | "hardware" | "software" | "contact" | "privacy" | "terms";

export type PageRoute = {
  id: PageId;
  /** Where the page lives, with a leading slash; "/" is the home page. */
  path: string;
  /** Route module, relative to app/, that renders the page. */
  routeModule: string;
  inSitemap: boolean;
};

export const pageRoutes = [
  { id: "home", path: "/", routeModule: "routes/home.tsx", inSitemap: true },
  { id: "hardware", path: "/hardware", routeModule: "routes/hardware.tsx", inSitemap: true },
  { id: "software", path: "/software", routeModule: "routes/software.tsx", inSitemap: true },
  { id: "contact", path: "/contact", routeModule: "routes/contact.tsx", inSitemap: true },
  { id: "privacy", path: "/privacy", routeModule: "routes/privacy.tsx", inSitemap: true },
  { id: "terms", path: "/terms", routeModule: "routes/terms.tsx", inSitemap: true },
] as const satisfies readonly PageRoute[];
