import { siteConfig } from "../config";
import { contactMeta } from "../content/contact";
import { hardwareMeta } from "../content/hardware";
import { homeMeta } from "../content/home";
import { privacyMeta } from "../content/privacy";
import { softwareMeta } from "../content/software";
import { termsMeta } from "../content/terms";

const pages = [homeMeta, hardwareMeta, softwareMeta, contactMeta, privacyMeta, termsMeta];

// Prerendered to build/client/sitemap.xml at build time.
export function loader() {
  const urls = pages.map((page) => `  <url><loc>${siteConfig.siteUrl}${page.path}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
