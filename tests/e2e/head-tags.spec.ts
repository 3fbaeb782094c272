import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { icoImages, type PixelSize, pngSize } from "../support/image-size";

// What a page's head gives link previews, search engines and phones (icons, manifest), checked
// against the production build as our server serves it: every URL a tag names is fetched and
// the bytes it answers with are read.

const PAGE_PATHS = ["/", "/hardware", "/software", "/contact", "/privacy", "/terms"] as const;

const ICO_TYPES = ["image/x-icon", "image/vnd.microsoft.icon"];

async function fetchOk(request: APIRequestContext, url: string): Promise<APIResponse> {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  return response;
}

/** A file that may change with the next release: cacheable, but revalidated. */
function expectRevalidatedFile(response: APIResponse, contentType: string | readonly string[]) {
  const type = (response.headers()["content-type"] ?? "").split(";")[0]?.trim();
  expect([contentType].flat(), `content type of ${response.url()}`).toContain(type);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  expect(response.headers().etag).toBeTruthy();
}

async function pngAt(request: APIRequestContext, url: string): Promise<PixelSize> {
  const response = await fetchOk(request, url);
  expectRevalidatedFile(response, "image/png");
  return pngSize(await response.body());
}

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
    const last = { x: canvas.width - 1, y: canvas.height - 1 };
    return [
      [0, 0],
      [last.x, 0],
      [0, last.y],
      [last.x, last.y],
    ].map(([x = 0, y = 0]) => context.getImageData(x, y, 1, 1).data[3] ?? 0);
  }, src);
}

const linkHref = (page: Page, selector: string) =>
  page.locator(`head link${selector}`).getAttribute("href");

test.describe("icons and web app manifest", () => {
  for (const path of PAGE_PATHS) {
    test(`${path} links the favicons, the touch icon and the manifest`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('head link[rel="icon"]')).toHaveCount(2);
      expect(await linkHref(page, '[rel="icon"][type="image/svg+xml"]')).toBe("/favicon.svg");
      expect(await linkHref(page, '[rel="icon"][href$=".ico"]')).toBe("/favicon.ico");
      expect(await linkHref(page, '[rel="apple-touch-icon"]')).toBe("/apple-touch-icon.png");
      expect(await linkHref(page, '[rel="manifest"]')).toBe("/manifest.webmanifest");
    });
  }

  test("the manifest names the site, its colours and icons that are the sizes it says", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const themeColour = await page.locator('meta[name="theme-color"]').getAttribute("content");
    const response = await fetchOk(request, "/manifest.webmanifest");
    expectRevalidatedFile(response, "application/manifest+json");
    const manifest = await response.json();

    expect(manifest.name).toBe(process.env.VITE_COMPANY_NAME || "Amanzi Meters");
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe("/");
    expect(manifest.theme_color).toBe(themeColour);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
    const sizes = icons.map((icon) => icon.sizes);
    expect(sizes).toContain("192x192");
    expect(sizes).toContain("512x512");
    expect(icons.filter((icon) => icon.purpose === "maskable").length).toBeGreaterThan(0);
    for (const icon of icons) {
      expect(icon.type).toBe("image/png");
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(await pngAt(request, icon.src), icon.src).toEqual({ width, height });
    }
  });

  test("the touch icon and the maskable icon are full bleed (iOS paints transparency black)", async ({
    page,
    request,
  }) => {
    expect(await pngAt(request, "/apple-touch-icon.png")).toEqual({ width: 180, height: 180 });
    await page.goto("/");
    for (const src of ["/apple-touch-icon.png", "/icon-maskable-512.png"]) {
      expect(await cornerAlphas(page, src), src).toEqual([255, 255, 255, 255]);
    }
  });

  test("favicon.ico holds PNG images of the sizes its directory states", async ({ request }) => {
    const response = await fetchOk(request, "/favicon.ico");
    expectRevalidatedFile(response, ICO_TYPES);
    const images = icoImages(await response.body());
    expect(images.map(({ actual }) => actual.width)).toEqual([16, 32, 48]);
    for (const { stated, actual } of images) expect(actual).toEqual(stated);
  });

  test("favicon.svg is served as SVG", async ({ request }) => {
    expectRevalidatedFile(await fetchOk(request, "/favicon.svg"), "image/svg+xml");
  });
});
