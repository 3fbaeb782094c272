import { expect, test } from "@playwright/test";
import { productDownloads } from "../../app/content/documents";
import { shellFile, siteDocuments, sitePage, siteProducts } from "../../app/content/site-content";

// Each product's page (app/content/products/, or CONTENT_DIR's) against the production build,
// checked against its content file as the build reads it. Axe and "no script" on these pages:
// shell.spec.ts. A product's structured data: app/content/products.test.ts; the datasheet's
// contents: app/lib/datasheet.test.tsx; what a product's downloads are: app/content/documents.test.ts.

const products = siteProducts();
const { productPage: copy, getInTouch, documents: documentsCopy } = shellFile();
const { kinds } = documentsCopy;
const documents = siteDocuments();
const SITE_URL = process.env.VITE_SITE_URL?.replace(/\/+$/, "");

for (const product of products) {
  const name = product.page.title;
  const specifications = product.specifications ?? [];

  test(`${product.path} shows its claims, specifications, downloads and Get in Touch link, and carries its trail and share card`, async ({
    page,
  }) => {
    expect(SITE_URL, "build and test with VITE_SITE_URL set (npm test sets it)").toBeTruthy();
    await page.goto(product.path);
    const main = page.getByRole("main");
    await expect(main.getByRole("list").first().getByRole("listitem")).toHaveText(product.claims);
    const about = getInTouch.about.replaceAll("{topic}", name);
    await expect(main.getByRole("link", { name: `${getInTouch.label} ${about}` })).toBeVisible();

    const table = main.getByRole("table");
    await expect(table).toHaveCount(specifications.length > 0 ? 1 : 0);
    if (specifications.length > 0) {
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
    }

    // Each download with its kind, format and size, the size that of the file served.
    const built = {
      href: product.datasheetPath,
      title: copy.datasheet,
      kind: "datasheet" as const,
    };
    const expected = productDownloads(product.slug, documents, () => ({ ...built, bytes: 0 }));
    const links = main.getByRole("listitem").getByRole("link");
    await expect(links).toHaveCount(expected.length);
    for (const [index, download] of expected.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute("href", download.href);
      const kind = download.kind && kinds[download.kind];
      const named = [download.title, kind !== download.title && kind, "PDF"].filter(Boolean);
      await expect(link).toHaveText(new RegExp(`^${named.join(", ")}, \\d+ KB$`));
      const body = await (await page.request.get(download.href)).body();
      expect(body.subarray(0, 5).toString()).toBe("%PDF-");
      const shown = Number((await link.textContent())?.match(/(\d+) KB/)?.[1]);
      expect(shown).toBe(Math.max(1, Math.round(body.length / 1000)));
    }

    const [graph] = await page
      .locator('head script[type="application/ld+json"]')
      .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? "{}")["@graph"]));
    const section = sitePage(product.section);
    expect(
      graph.find((node: { "@type": string }) => node["@type"] === "BreadcrumbList"),
    ).toMatchObject({
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
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toBe(`${SITE_URL}/social/product-${product.slug}.png`);
    const card = await page.request.get(new URL(image ?? "").pathname);
    expect(card.headers()["content-type"]).toBe("image/png");
    const sitemap = await (await page.request.get("/sitemap-0.xml")).text();
    expect(sitemap).toContain(`<loc>${SITE_URL}${product.path}</loc>`);
  });
}

test("each feature row about a product links to the product's page", async ({ page }) => {
  expect(products.length).toBeGreaterThan(0);
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

test("/documents lists every document by kind, or is not there with none", async ({ page }) => {
  const response = await page.goto("/documents");
  const footerLink = page
    .getByRole("contentinfo")
    .getByRole("link", { name: documentsCopy.footerLabel });
  if (documents.length === 0) {
    // Our server sends an unknown address home.
    expect(new URL(page.url()).pathname).not.toBe("/documents");
    await expect(footerLink).toHaveCount(0);
    return;
  }
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(documentsCopy.heading);
  const kindsShown = new Set(documents.map((document) => document.kind));
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(
    Object.entries(kinds)
      .filter(([kind]) => kindsShown.has(kind as (typeof documents)[number]["kind"]))
      .map(([, name]) => name),
  );
  for (const document of documents) {
    await expect(page.locator(`a[href="${document.href}"]`)).toContainText(document.title);
    const file = await page.request.get(document.href);
    expect(file.headers()["content-type"]).toBe("application/pdf");
  }
  await expect(footerLink).toHaveAttribute("href", "/documents");
  const sitemap = await (await page.request.get("/sitemap-0.xml")).text();
  expect(sitemap).toContain(`${SITE_URL}/documents</loc>`);
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toBe(`${SITE_URL}/social/documents.png`);
});
