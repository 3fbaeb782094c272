import { VITE_SITE_URL } from "astro:env/server";

// Everything but the editor (/admin, which also says noindex); the sitemap (@astrojs/sitemap)
// exists only where the site's public origin is known.
export const GET = () =>
  new Response(
    `User-agent: *\nAllow: /\nDisallow: /admin\n${VITE_SITE_URL ? `\nSitemap: ${new URL("/sitemap-index.xml", VITE_SITE_URL)}\n` : ""}`,
  );
