import { describe, expect, it } from "vitest";
import { sitePages } from "../content/pages";
import { robotsTxt, sitemapXml } from "./crawler-files";

describe("robots.txt", () => {
  it("names the sitemap by its absolute address when the site's origin is known", () => {
    expect(robotsTxt("https://www.example.co.za")).toMatch(
      /^Sitemap: https:\/\/www\.example\.co\.za\/sitemap\.xml$/m,
    );
  });

  it("allows everything but the content editor, and names no sitemap when it is not", () => {
    const robots = robotsTxt(undefined);
    expect(robots).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/admin\n$/);
    expect(robots).not.toMatch(/Sitemap/);
  });
});

describe("sitemap.xml", () => {
  it("lists every page marked for it by absolute address", () => {
    const xml = sitemapXml("https://www.example.co.za");
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      sitePages
        .filter((page) => page.inSitemap)
        .map((page) => `https://www.example.co.za${page.path}`),
    );
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(xml).not.toContain("/admin");
  });
});
