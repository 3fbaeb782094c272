import "./styles/global.css";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { SkipLink } from "./components/skip-link";
import { sitePage } from "./content/pages";
import { errorPageCopy } from "./content/site-shell";
import { useDocumentHydrates } from "./lib/hydration";
import { iconLinks, themeColour } from "./lib/site-icons";

export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    href: interLatin,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  },
  ...iconLinks,
];

// Inter's latin subset, the one the preload above fetches, and its metric-matched fallback,
// declared in the head: the site's stylesheets load after the content
// (scripts/postbuild/critical-css.mjs), and the first paint must already know both faces.
// `optional`: an Inter that is not there in time is not swapped in later. A fallback declared
// only in the late stylesheet would resize the text when that arrives (a 0.015 layout shift on
// /privacy whenever the font was slow).
const fontFaces = `@font-face{font-family:"Inter Fallback";src:local("Arial"),local("Liberation Sans"),local("Helvetica");ascent-override:90.2%;descent-override:22.48%;line-gap-override:0%;size-adjust:107.4%}@font-face{font-family:"Inter Variable";font-style:normal;font-weight:100 900;font-display:optional;src:url(${interLatin}) format("woff2-variations");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`;

export function Layout({ children }: { children: ReactNode }) {
  // No <Scripts /> means no module preloads, no router context and no entry script either.
  const hydrates = useDocumentHydrates();
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
        {hydrates ? <Scripts /> : null}
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
