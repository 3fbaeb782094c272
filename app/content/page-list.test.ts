import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { shareCardSvg } from "../../scripts/social-images";
import { sitemapXml } from "../lib/crawler-files";
import { linkPreviewMeta } from "../lib/link-preview";
import { pageRoutes } from "../routes";
import { cmsConfig } from "./cms-config";
import { checkContentFiles, contentModuleData } from "./content-files";
import { type PageEntry, pageList } from "./page-list";
import { footerLinksOf, headerLinksOf, sitePagesOf } from "./pages";
import { type PageBlockFile, type ProductPageFile, productPageFile } from "./schemas";

// Adding a page of an existing kind is one entry in the page list and one content file
// (docs/editing-the-site.md, "Adding a page"). Here the list gets a product page /valves, its
// file comes from fixtures/valves.yaml, and every part of the site that derives from the list
// is asked for it: the content check, the route table, the header and footer, the sitemap, the
// share card, the content module and the editor.

const valves = {
  id: "valves",
  path: "/valves",
  kind: "product",
  editorTitle: "Valves page",
  inSitemap: true,
  footerRank: 2.5,
} as const satisfies PageEntry;
const pages: readonly PageEntry[] = [...pageList, valves];

const fixture = join(import.meta.dirname, "fixtures", "valves.yaml");
const file = productPageFile.parse(parse(readFileSync(fixture, "utf8")));
const values = { companyName: "Metsi Works", retentionStatement: "We keep it a week." };

describe("a product page added to the page list", () => {
  let dir: string;
  const previous = process.env.CONTENT_DIR;

  beforeAll(() => {
    // The site's content files and the new page's, as a content folder of their own.
    dir = mkdtempSync(join(tmpdir(), "added-page-"));
    for (const name of readdirSync(import.meta.dirname)) {
      if (name.endsWith(".yaml")) copyFileSync(join(import.meta.dirname, name), join(dir, name));
    }
    copyFileSync(fixture, join(dir, "valves.yaml"));
    process.env.CONTENT_DIR = dir;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = previous;
    rmSync(dir, { recursive: true, force: true });
  });

  const sitePages = () =>
    sitePagesOf(pages, contentModuleData("pages", values, pages) as Record<string, PageBlockFile>);

  it("has its file checked against its kind's schema, which the list without it refuses", () => {
    expect(() => checkContentFiles(pages)).not.toThrow();
    expect(() => checkContentFiles(pageList)).toThrow(
      /valves\.yaml: not a content file the site reads/,
    );
  });

  it("gets a route of its own, rendered by its kind's module", () => {
    expect(pageRoutes(pages)).toContainEqual(
      expect.objectContaining({ id: "valves", path: "valves", file: "routes/product-page.tsx" }),
    );
    expect(pageRoutes(pages)).toHaveLength(pageList.length + 1);
  });

  it("is in the content module of its kind, placeholders filled", () => {
    const products = contentModuleData("product", values, pages) as Record<string, ProductPageFile>;
    expect(products.valves?.hero.heading).toBe(file.hero.heading);
    expect(products.valves?.hero.paragraph).toContain(values.companyName);
    expect(Object.keys(products)).toEqual(
      pages.filter((page) => page.kind === "product").map((page) => page.id),
    );
  });

  it("is linked in the header in list order, and in the footer by its rank", () => {
    const site = sitePages();
    const header = headerLinksOf(site).map((link) => link.to);
    // Last in the list, so last in the header.
    expect(header.at(-1)).toBe("/valves");
    expect(headerLinksOf(site)).toContainEqual({ label: file.page.headerLabel, to: "/valves" });
    const footer = footerLinksOf(site).map((link) => link.to);
    expect(footer.indexOf("/valves")).toBe(footer.indexOf("/hardware") + 1);
    expect(footerLinksOf(site)).toContainEqual({ label: file.page.footerLabel, to: "/valves" });
  });

  it("is in the sitemap", () => {
    expect(sitemapXml("https://www.example.co.za", pages)).toContain(
      "<loc>https://www.example.co.za/valves</loc>",
    );
  });

  it("has a share card with its title and picture, named in its link preview", async () => {
    const page = sitePages().find((candidate) => candidate.id === "valves");
    if (!page) throw new Error("no valves page");
    const meta = linkPreviewMeta(page, {
      companyName: "Metsi Works",
      siteUrl: "https://x.example",
    });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://x.example/social/valves.png",
    });
    expect(meta).toContainEqual({
      property: "og:image:alt",
      content: expect.stringContaining(file.page.shareCard.description),
    });
    const svg = await shareCardSvg(page);
    expect(svg).toContain(file.page.title);
    const artwork = readFileSync(
      join(
        import.meta.dirname,
        "..",
        "assets",
        "illustrations",
        `${file.page.shareCard.picture}.svg`,
      ),
    );
    expect(svg).toContain(artwork.toString("base64"));
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
