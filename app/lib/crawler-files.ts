// robots.txt and sitemap.xml, written into the client build by scripts/public-settings-plugin.ts.
import { type PageEntry, pageList } from "../content/page-list.ts";

/**
 * Allows everything but the content editor (/admin, which also says noindex itself); names the
 * sitemap only when the site's public origin is known.
 */
export function robotsTxt(siteUrl: string | undefined): string {
  const sitemapLine = siteUrl ? `\nSitemap: ${siteUrl}/sitemap.xml\n` : "";
  return `User-agent: *\nAllow: /\nDisallow: /admin\n${sitemapLine}`;
}

/**
 * The sitemap of the pages marked for it. The sitemap protocol accepts only absolute
 * addresses, so without the site's origin there is no valid sitemap to write.
 */
export function sitemapXml(siteUrl: string, pages: readonly PageEntry[] = pageList): string {
  const urls = pages
    .filter((page) => page.inSitemap)
    .map((page) => `  <url><loc>${siteUrl}${page.path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
