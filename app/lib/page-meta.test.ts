import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { sitePage } from "../content/pages";
import { pageMeta } from "./page-meta";

const find = (meta: MetaDescriptor[], key: string, value: string) =>
  meta.find((tag) => (tag as Record<string, unknown>)[key] === value);

describe("pageMeta", () => {
  it("titles the page with the company name and describes it", () => {
    const meta = pageMeta("hardware", { companyName: "Metsi Works" });
    expect(meta).toContainEqual({ title: `${sitePage("hardware").title} | Metsi Works` });
    expect(find(meta, "name", "description")).toEqual({
      name: "description",
      content: sitePage("hardware").description,
    });
  });

  it("points the canonical link and og:url at the page on the site's origin", () => {
    const meta = pageMeta("hardware", {
      companyName: "Metsi Works",
      siteUrl: "https://www.metsi.co.za",
    });
    expect(find(meta, "rel", "canonical")).toMatchObject({
      href: "https://www.metsi.co.za/hardware",
    });
    expect(find(meta, "property", "og:url")).toMatchObject({
      content: "https://www.metsi.co.za/hardware",
    });
  });

  it("leaves the canonical link and og:url out when the site's origin is unknown", () => {
    const meta = pageMeta("hardware", { companyName: "Metsi Works" });
    expect(find(meta, "rel", "canonical")).toBeUndefined();
    expect(find(meta, "property", "og:url")).toBeUndefined();
    expect(JSON.stringify(meta)).not.toMatch(/https?:/);
  });
});
