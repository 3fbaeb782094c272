import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { sitePage } from "../content/pages";
import { pageMeta } from "./page-meta";

const find = (meta: MetaDescriptor[], key: string, value: string) =>
  meta.find((tag) => (tag as Record<string, unknown>)[key] === value);

const metsi = { companyName: "Metsi Works", supportEmail: "help@metsi.co.za" };
const metsiOnline = { ...metsi, siteUrl: "https://www.metsi.co.za" };

describe("pageMeta", () => {
  it("titles the page with the company name and describes it", () => {
    const meta = pageMeta("hardware", metsi);
    expect(meta).toContainEqual({ title: `${sitePage("hardware").title} | Metsi Works` });
    expect(find(meta, "name", "description")).toEqual({
      name: "description",
      content: sitePage("hardware").description,
    });
  });

  it("points the canonical link and og:url at the page on the site's origin", () => {
    const meta = pageMeta("hardware", metsiOnline);
    expect(find(meta, "rel", "canonical")).toMatchObject({
      href: "https://www.metsi.co.za/hardware",
    });
    expect(find(meta, "property", "og:url")).toMatchObject({
      content: "https://www.metsi.co.za/hardware",
    });
  });

  it("leaves the canonical link and og:url out when the site's origin is unknown", () => {
    const meta = pageMeta("hardware", metsi);
    expect(find(meta, "rel", "canonical")).toBeUndefined();
    expect(find(meta, "property", "og:url")).toBeUndefined();
    expect(JSON.stringify(meta)).not.toMatch(/https?:/);
  });

  it("names the site and locale for link previews, and the page's share card by absolute URL", () => {
    const meta = pageMeta("software", metsiOnline);
    expect(find(meta, "property", "og:site_name")).toMatchObject({ content: "Metsi Works" });
    expect(find(meta, "property", "og:locale")).toMatchObject({ content: "en_ZA" });
    expect(find(meta, "property", "og:image")).toMatchObject({
      content: "https://www.metsi.co.za/social/software.png",
    });
    expect(find(meta, "property", "og:image:alt")).toMatchObject({
      content: expect.stringContaining(sitePage("software").title),
    });
    expect(find(meta, "name", "twitter:card")).toMatchObject({ content: "summary_large_image" });
  });

  it("describes the company and the site on home, and a breadcrumb trail elsewhere", () => {
    const jsonLd = (id: "home" | "terms") =>
      pageMeta(id, metsiOnline).flatMap((tag) =>
        "script:ld+json" in tag ? [tag["script:ld+json"]] : [],
      )[0];
    expect(jsonLd("home")).toMatchObject({
      "@graph": [
        {
          "@type": "Organization",
          name: "Metsi Works",
          url: "https://www.metsi.co.za/",
          email: "help@metsi.co.za",
          address: { addressCountry: "ZA" },
        },
        { "@type": "WebSite", url: "https://www.metsi.co.za/" },
      ],
    });
    expect(jsonLd("terms")).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, item: "https://www.metsi.co.za/" },
        { position: 2, item: "https://www.metsi.co.za/terms" },
      ],
    });
  });

  it("without the site's origin: no share card, no JSON-LD, a plain summary card", () => {
    const meta = pageMeta("home", metsi);
    expect(find(meta, "property", "og:image")).toBeUndefined();
    expect(meta.some((tag) => "script:ld+json" in tag)).toBe(false);
    expect(find(meta, "name", "twitter:card")).toMatchObject({ content: "summary" });
  });
});
