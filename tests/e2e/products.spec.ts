import { expect, type Page, test } from "@playwright/test";
import { productDownloads } from "../../app/content/documents";
import { shellFile, siteDocuments, sitePage, siteProducts } from "../../app/content/site-content";
import { expectNoAxeViolations } from "../support/axe";
import { DESKTOP, MOBILE } from "../support/widths";

// Each product's page (app/content/products/, or CONTENT_DIR's) against the production build,
// checked against its content file as the build reads it.

const products = siteProducts();
const { productPage: copy, getInTouch, documents: documentsCopy } = shellFile();
const { kinds } = documentsCopy;
const documents = siteDocuments();
const SITE_URL = process.env.VITE_SITE_URL?.replace(/\/+$/, "");

async function jsonLd(page: Page) {
  const [text] = await page
    .locator('head script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
  return JSON.parse(text ?? "{}") as { "@graph"?: Record<string, unknown>[] };
}

test("the build has a page for every product", () => {
  expect(products.length).toBeGreaterThan(0);
});

for (const product of products) {
  const name = product.page.title;
  const specifications = product.specifications ?? [];

  test.describe(`product page ${product.path}`, () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      test(`has no axe violations and runs no script at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(product.path);
        await expect(
          page.getByRole("heading", { level: 1, name: product.hero.heading }),
        ).toBeVisible();
        const scripts = await page
          .locator("script")
          .evaluateAll(
            (nodes) =>
              nodes.filter((node) => node.getAttribute("type") !== "application/ld+json").length,
          );
        expect(scripts).toBe(0);
        await expectNoAxeViolations(page);
      });
    }

    test("shows what it does and its specifications as a table with a caption", async ({
      page,
    }) => {
      await page.goto(product.path);
      const main = page.getByRole("main");
      await expect(main.getByRole("list").first().getByRole("listitem")).toHaveText(product.claims);
      const table = main.getByRole("table");
      if (specifications.length === 0) {
        await expect(table).toHaveCount(0);
        return;
      }
      await expect(table).toHaveAccessibleName(
        copy.specificationsCaption.replaceAll("{product}", name),
      );
      await expect(table.getByRole("columnheader")).toHaveText([copy.nameHeader, copy.valueHeader]);
      await expect(table.getByRole("rowheader")).toHaveText(specifications.map((row) => row.name));
      await expect(table.getByRole("cell")).toHaveText(
        specifications.map((row) =>
          [[row.value, row.unit].filter(Boolean).join(" "), row.note ?? ""].join(""),
        ),
      );
    });

    test("links its datasheet and documents with their kind, format and size, served as PDFs", async ({
      page,
    }) => {
      await page.goto(product.path);
      const built = {
        href: product.datasheetPath,
        title: copy.datasheet,
        kind: "datasheet" as const,
        bytes: 0,
      };
      const expected = productDownloads(product.slug, documents, () => built);
      const links = page.getByRole("main").getByRole("listitem").getByRole("link");
      await expect(links).toHaveCount(expected.length);
      for (const [index, download] of expected.entries()) {
        const link = links.nth(index);
        await expect(link).toHaveAttribute("href", download.href);
        const kind = download.kind && kinds[download.kind];
        const named = [download.title, kind !== download.title && kind, "PDF"].filter(Boolean);
        await expect(link).toHaveText(new RegExp(`^${named.join(", ")}, \\d+ KB$`));
        const response = await page.request.get(download.href);
        expect(response.headers()["content-type"]).toBe("application/pdf");
        const body = await response.body();
        expect(body.subarray(0, 5).toString()).toBe("%PDF-");
        expect(body.length).toBeLessThan(download === built ? 200_000 : 20_000_000);
        const shown = Number((await link.textContent())?.match(/(\d+) KB/)?.[1]);
        expect(shown).toBe(Math.max(1, Math.round(body.length / 1000)));
      }
    });

    test("has a Get in Touch link about the product", async ({ page }) => {
      await page.goto(product.path);
      const about = getInTouch.about.replaceAll("{topic}", name);
      await expect(
        page.getByRole("main").getByRole("link", { name: `${getInTouch.label} ${about}` }),
      ).toBeVisible();
    });

    test("carries its specifications, trail and share card in its head", async ({ page }) => {
      expect(SITE_URL, "build and test with VITE_SITE_URL set (npm test sets it)").toBeTruthy();
      await page.goto(product.path);
      const graph = (await jsonLd(page))["@graph"] ?? [];
      const section = sitePage(product.section);
      expect(graph.find((node) => node["@type"] === "BreadcrumbList")).toMatchObject({
        itemListElement: [
          { position: 1, item: `${SITE_URL}/` },
          {
            position: 2,
            name: section.headerLabel ?? section.title,
            item: `${SITE_URL}${section.path}`,
          },
          { position: 3, name, item: `${SITE_URL}${product.path}` },
        ],
      });
      expect(graph.find((node) => node["@type"] === "Product")).toMatchObject({
        name,
        description: product.page.description,
        additionalProperty: specifications.map((row) => ({
          "@type": "PropertyValue",
          name: row.name,
          value: row.value,
          ...(row.unit && { unitText: row.unit }),
        })),
      });
      const image = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(image).toBe(`${SITE_URL}/social/product-${product.slug}.png`);
      const card = await page.request.get(new URL(image ?? "").pathname);
      expect(card.headers()["content-type"]).toBe("image/png");
      const sitemap = await (await page.request.get("/sitemap-0.xml")).text();
      expect(sitemap).toContain(`<loc>${SITE_URL}${product.path}</loc>`);
    });
  });
}

test("each feature row about a product links to the product's page", async ({ page }) => {
  for (const id of ["hardware", "software"]) {
    const { path, file } = sitePage(id, "product");
    await page.goto(path);
    for (const row of file.features.filter((candidate) => candidate.product)) {
      const product = products.find((candidate) => candidate.slug === row.product);
      const link = page.getByRole("link", {
        name: copy.moreLink.replaceAll("{product}", product?.page.title ?? ""),
      });
      await expect(link).toHaveAttribute("href", product?.path ?? "");
    }
  }
});

test.describe("/documents", () => {
  test("lists every document by kind, or is not there with none", async ({ page }) => {
    const response = await page.goto("/documents");
    const footer = page.getByRole("contentinfo");
    if (documents.length === 0) {
      // Our server sends an unknown address home.
      expect(new URL(page.url()).pathname).not.toBe("/documents");
      await expect(footer.getByRole("link", { name: documentsCopy.footerLabel })).toHaveCount(0);
      return;
    }
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(documentsCopy.heading);
    const kindsShown = [...new Set(documents.map((document) => document.kind))];
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(
      Object.entries(kinds)
        .filter(([kind]) => kindsShown.includes(kind as (typeof kindsShown)[number]))
        .map(([, name]) => name),
    );
    for (const document of documents) {
      await expect(page.locator(`a[href="${document.href}"]`)).toContainText(document.title);
      const file = await page.request.get(document.href);
      expect(file.headers()["content-type"]).toBe("application/pdf");
      expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    await expect(footer.getByRole("link", { name: documentsCopy.footerLabel })).toHaveAttribute(
      "href",
      "/documents",
    );
    const sitemap = await (await page.request.get("/sitemap-0.xml")).text();
    expect(sitemap).toContain(`${SITE_URL}/documents</loc>`);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toBe(`${SITE_URL}/social/documents.png`);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }
  });
});
