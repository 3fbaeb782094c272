import { siteConfig } from "../config";
import { sitePages } from "../content/pages";

// Prerendered to build/client/sitemap.xml at build time.
export function loader() {
  const urls = sitePages
    .filter((page) => page.inSitemap)
    .map((page) => `  <url><loc>${siteConfig.siteUrl}${page.path}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
