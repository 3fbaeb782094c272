import { siteConfig } from "../config";

// Prerendered to build/client/robots.txt at build time.
export function loader() {
  const body = `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.siteUrl}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
