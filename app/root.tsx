import "./styles/global.css";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import interBasic from "./assets/fonts/inter-basic-latin.woff2?url";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { SkipLink } from "./components/skip-link";
import { sitePage } from "./content/pages";
import { errorPageCopy } from "./content/site-shell";
import { iconLinks, themeColour } from "./lib/site-icons";
import { fontFaceCss } from "./lib/web-font";

export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    href: interBasic,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  },
  ...iconLinks,
];

// Declared in the head: the site's stylesheets are inlined after the build
// (scripts/postbuild/critical-css.ts), and the first paint must already know both faces.
const fontFaces = fontFaceCss({ latin: interLatin, latinExt: interLatinExt, basic: interBasic });

// No page renders React Router's <Scripts />: no module preloads, router context or entry
// script. The contact form starts as an island of its own (app/lib/hydration.tsx).
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-ZA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColour} />
        <style>{fontFaces}</style>
        <Meta />
        <Links />
      </head>
      <body>
        <SkipLink />
        <SiteHeader />
        {children}
        <SiteFooter />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <main id="main" tabIndex={-1}>
      <Outlet />
    </main>
  );
}

/**
 * With `ssr: false`, React Router prerenders an SPA fallback from the root route's
 * HydrateFallback and fails the build unless that page can boot its client runtime. The fallback
 * is the only page that renders <Scripts />, and it is not shipped (scripts/postbuild); our pages
 * have no loaders, so no page of ours ever shows it.
 */
export function HydrateFallback() {
  return <Scripts />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  console.error(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : errorPageCopy.unknownError;
  return (
    <main id="main" tabIndex={-1} className="error-page">
      <h1>{errorPageCopy.heading}</h1>
      <p>{message}</p>
      <p>
        <a href={sitePage("home").path}>{errorPageCopy.homeLink}</a>
      </p>
    </main>
  );
}
