import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cmsConfig } from "./cms-config";
import { footerLinksOf, headerLinksOf } from "./navigation";
import { type PageEntry, pageList, staticPathsOf } from "./page-list";
import { pageSchemas } from "./schemas";
import { sitePages } from "./site-content";

// The pages requirements §2 and §3 ask for: their paths in order, which the header links and
// the footer's order (software, hardware, contact, privacy, terms). Their words are the editor's.
const required = ["/", "/hardware", "/software", "/contact", "/privacy", "/terms"];
const inHeader = ["/", "/hardware", "/software", "/contact"];
const footerOrder = ["/software", "/hardware", "/contact", "/privacy", "/terms"];

describe("the page list", () => {
  const site = sitePages();
  const hrefs = (links: { href: string }[]) => links.map((link) => link.href);

  it.each([
    ["holds the required pages in their order", () => site.map((page) => page.path), required],
    ["links the required pages in the header in order", () => hrefs(headerLinksOf(site)), inHeader],
    ["links them in the footer in §3's order", () => hrefs(footerLinksOf(site)), footerOrder],
  ])("%s", (_, all, some) => {
    expect(all().filter((item) => some.includes(item))).toEqual(some);
  });

  it("links /faq, and /documents and /case-studies when they exist, in the header after the four", () => {
    const proof = [
      { path: "/documents", footerLabel: "Documents" },
      { path: "/case-studies", footerLabel: "Case studies" },
    ];
    const faq = site.find((page) => page.path === "/faq");
    expect(hrefs(headerLinksOf(site))).toEqual([...inHeader, "/faq"]);
    expect(headerLinksOf([...site, ...proof])).toEqual([
      ...headerLinksOf(site).slice(0, inHeader.length),
      { label: faq?.footerLabel, href: "/faq" },
      { label: "Documents", href: "/documents" },
      { label: "Case studies", href: "/case-studies" },
    ]);
  });

  it("holds each page once", () => {
    expect(new Set(site.map((page) => page.path)).size).toBe(site.length);
    expect(new Set(site.map((page) => page.id)).size).toBe(site.length);
  });
});

// Adding a page of an existing kind is one entry in the page list and one content file
// (docs/editing-the-site.md, "Adding a page"): here a product page /valves, from a fixture.
const valves = {
  id: "valves",
  path: "/valves",
  kind: "product",
  editorTitle: "Valves page",
  footerRank: 2.5,
} as const satisfies PageEntry;
const pages: readonly PageEntry[] = [...pageList, valves];
const file = pageSchemas.product.parse(
  parse(readFileSync(join(import.meta.dirname, "fixtures", "valves.yaml"), "utf8")),
);
const page = { ...valves, ...file.page };
const site = [...sitePages(), page];

describe("a product page added to the page list", () => {
  it("is built at its path by the pages' route, and linked in the header in list order and in the footer by its rank", () => {
    expect(staticPathsOf(pages)).toContainEqual({
      params: { page: "valves" },
      props: { id: "valves" },
    });
    expect(staticPathsOf(pages)).toContainEqual({
      params: { page: undefined },
      props: { id: "home" },
    });
    const header = headerLinksOf(site);
    expect(header[header.findIndex((link) => link.href === "/contact") + 1]).toEqual({
      label: file.page.headerLabel,
      href: "/valves",
    });
    const footer = footerLinksOf(site).map((link) => link.href);
    expect(footer.indexOf("/valves")).toBe(footer.indexOf("/hardware") + 1);
  });

  it("has an entry in the editor, with its kind's form", () => {
    type Entry = { name: string; label: string; file: string; fields: unknown[] };
    const entries = (cmsConfig({}, pages).collections as { files: Entry[] }[])[0]?.files ?? [];
    const entry = entries.find((candidate) => candidate.name === "valves");
    expect(entry).toMatchObject({ label: valves.editorTitle, file: "app/content/valves.yaml" });
    expect(entry?.fields).toEqual(
      entries.find((candidate) => candidate.name === "hardware")?.fields,
    );
  });
});
