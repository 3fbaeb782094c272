import { readFileSync } from "node:fs";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const shared = readFileSync(new URL("./staff-pages.css", import.meta.url), "utf8");

/** The sign-in's and the inbox's stylesheet: what staff pages share, then their own. */
export const staffStyles = (own: string) => `${shared}${own}`;

/**
 * One staff page (sign-in, inbox, insights) as HTML: never indexed, its own fixed stylesheet
 * inline (the page's policy hashes it, content-security-policy.ts), and what else its head needs.
 */
export const staffHtml = (page: {
  title: string;
  styles: string;
  head?: ReactNode;
  body: ReactNode;
}) =>
  `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{page.title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own fixed stylesheet. */}
        <style dangerouslySetInnerHTML={{ __html: page.styles }} />
        {page.head}
      </head>
      <body>{page.body}</body>
    </html>,
  )}`;
