import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { placeholders, sitePage, sitePages, siteSettings } from "../../app/content/site-content";
import { icoImages, type PixelSize, pngSize } from "../support/image-size";

// What a page's head gives link previews, search engines and phones (icons, manifest), checked
// against the production build as our server serves it: every URL a tag names is fetched and
// the bytes it answers with are read.

const SITE_URL = process.env.VITE_SITE_URL?.replace(/\/+$/, "");
const COMPANY_NAME = placeholders().companyName;

/** A file that may change with the next release, answered 200: cacheable, but revalidated. */
async function fetchRevalidated(request: APIRequestContext, url: string, type: string | string[]) {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  const contentType = (response.headers()["content-type"] ?? "").split(";")[0]?.trim();
  expect([type].flat(), `content type of ${url}`).toContain(contentType);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  expect(response.headers().etag).toBeTruthy();
  return response;
}

const pngAt = async (request: APIRequestContext, url: string): Promise<PixelSize> =>
  pngSize(await (await fetchRevalidated(request, url, "image/png")).body());

/** The alpha of an image's four corner pixels, drawn by the browser itself. */
function cornerAlphas(page: Page, src: string): Promise<number[]> {
  return page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(image, 0, 0);
    const [right, bottom] = [canvas.width - 1, canvas.height - 1];
    return [0, right].flatMap((x) =>
      [0, bottom].map((y) => context.getImageData(x, y, 1, 1).data[3] ?? 0),
    );
  }, src);
}

test("the manifest names the site, its colours and icons of the sizes it says; the touch and maskable icons are full bleed; favicon.ico holds the sizes it states", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const themeColour = await page.locator('meta[name="theme-color"]').getAttribute("content");
  const response = await fetchRevalidated(
    request,
    "/manifest.webmanifest",
    "application/manifest+json",
  );
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: COMPANY_NAME, start_url: "/", theme_color: themeColour });
  expect(manifest.short_name).toMatch(/^.{1,12}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(icons.filter((icon) => icon.purpose === "maskable").length).toBeGreaterThan(0);
  for (const icon of icons) {
    expect(icon.type).toBe("image/png");
    const [width, height] = icon.sizes.split("x").map(Number);
    expect(await pngAt(request, icon.src), icon.src).toEqual({ width, height });
  }

  // iOS paints a touch icon's transparency black.
  expect(await pngAt(request, "/apple-touch-icon.png")).toEqual({ width: 180, height: 180 });
  for (const src of ["/apple-touch-icon.png", "/icon-maskable-512.png"]) {
    expect(await cornerAlphas(page, src), src).toEqual([255, 255, 255, 255]);
  }

  const ico = await fetchRevalidated(request, "/favicon.ico", [
    "image/x-icon",
    "image/vnd.microsoft.icon",
  ]);
  const images = icoImages(await ico.body());
  expect(images.map(({ actual }) => actual.width)).toEqual([16, 32, 48]);
  for (const { stated, actual } of images) expect(actual).toEqual(stated);
  await fetchRevalidated(request, "/favicon.svg", "image/svg+xml");
});

/** The path of an absolute URL on the configured site; fails when it points anywhere else. */
function sitePath(url: string | null): string {
  expect(url?.startsWith(`${SITE_URL}/`), `${url} is on ${SITE_URL}`).toBe(true);
  return new URL(url ?? "").pathname;
}

for (const entry of sitePages()) {
  test(`${entry.path} links the icons and manifest, and has its own share card and its structured data`, async ({
    page,
    request,
  }) => {
    expect(SITE_URL, "build and test with VITE_SITE_URL set (npm test sets it)").toBeTruthy();
    await page.goto(entry.path);
    const head = page.locator("head");
    const href = (selector: string) => head.locator(`link${selector}`).getAttribute("href");
    await expect(head.locator('link[rel="icon"]')).toHaveCount(2);
    expect(await href('[rel="icon"][type="image/svg+xml"]')).toBe("/favicon.svg");
    expect(await href('[rel="icon"][href$=".ico"]')).toBe("/favicon.ico");
    expect(await href('[rel="apple-touch-icon"]')).toBe("/apple-touch-icon.png");
    expect(await href('[rel="manifest"]')).toBe("/manifest.webmanifest");

    const meta = (key: string) =>
      head.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute("content");
    expect(await meta("og:site_name")).toBe(COMPANY_NAME);
    expect(await meta("og:locale")).toBe("en_ZA");
    expect(await meta("twitter:card")).toBe("summary_large_image");
    expect(await meta("og:image:alt")).toContain(entry.title);
    expect([await meta("og:image:width"), await meta("og:image:height")]).toEqual(["1200", "630"]);
    // Its own card: named by the page, 1200 x 630 and under 300 KB.
    const image = sitePath(await meta("og:image"));
    expect(image).toBe(`/social/${entry.id}.png`);
    const card = await (await fetchRevalidated(request, image, "image/png")).body();
    expect(pngSize(card)).toEqual({ width: 1200, height: 630 });
    expect(card.length).toBeLessThan(300 * 1024);

    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? "")));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.["@context"]).toBe("https://schema.org");
    const nodes: Record<string, unknown>[] = blocks[0]?.["@graph"] ?? blocks;
    if (entry.id !== "home") {
      // Its trail from home, alone or beside what the page is about (/faq's FAQPage).
      const trail = nodes.find((node) => node["@type"] === "BreadcrumbList");
      const crumbs = trail?.itemListElement as Record<string, unknown>[];
      expect(crumbs.map((crumb) => [crumb.position, crumb.item])).toEqual([
        [1, `${SITE_URL}${sitePage("home").path}`],
        [2, `${SITE_URL}${entry.path}`],
      ]);
      for (const crumb of crumbs) expect(String(crumb.name).length).toBeGreaterThan(0);
      return;
    }
    // Home describes the company and the site.
    const organization = nodes.find((node) => node["@type"] === "Organization");
    expect(organization).toMatchObject({
      name: COMPANY_NAME,
      url: `${SITE_URL}/`,
      email: siteSettings().VITE_SUPPORT_EMAIL,
      address: { "@type": "PostalAddress", addressCountry: "ZA" },
    });
    const logo = await request.get(sitePath(organization?.logo as string));
    expect(pngSize(await logo.body()).width).toBeGreaterThanOrEqual(112);
    expect(nodes.find((node) => node["@type"] === "WebSite")).toMatchObject({
      name: COMPANY_NAME,
      url: `${SITE_URL}/`,
      publisher: { "@id": organization?.["@id"] },
    });
  });
}
