import { createHash } from "node:crypto";
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Page,
  test,
} from "@playwright/test";
import {
  placeholders,
  sitePages as readSitePages,
  sitePage,
  siteSettings,
} from "../../app/content/site-content";
import { icoImages, type PixelSize, pngSize } from "../support/image-size";
import { HYDRATED_PATHS, startApp } from "../support/page-ready";

// What a page's head gives link previews, search engines and phones (icons, manifest), checked
// against the production build as our server serves it: every URL a tag names is fetched and
// the bytes it answers with are read.

const SITE_URL = process.env.VITE_SITE_URL?.replace(/\/+$/, "");
const COMPANY_NAME = placeholders.companyName;
const SUPPORT_EMAIL = siteSettings.VITE_SUPPORT_EMAIL;
const sitePages = readSitePages();

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
  for (const { path } of sitePages) {
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

    expect(manifest.name).toBe(COMPANY_NAME);
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

/** The path of an absolute URL on the configured site; fails when it points anywhere else. */
function sitePath(url: string | null): string {
  expect(url, "an absolute URL").toBeTruthy();
  expect(url?.startsWith(`${SITE_URL}/`), `${url} is on ${SITE_URL}`).toBe(true);
  return new URL(url ?? "").pathname;
}

const metaContent = (page: Page, attribute: "property" | "name", key: string) =>
  page.locator(`head meta[${attribute}="${key}"]`).getAttribute("content");

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page
    .locator('head script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
  return blocks.map((text) => JSON.parse(text));
}

test.describe("link previews and structured data", () => {
  test.beforeAll(() => {
    expect(SITE_URL, "build and test with VITE_SITE_URL set (npm test sets it)").toBeTruthy();
  });

  for (const page of sitePages) {
    test(`${page.path} has a share card of 1200 x 630 under 300 KB, with its tags`, async ({
      page: browser,
      request,
    }) => {
      await browser.goto(page.path);
      expect(await metaContent(browser, "property", "og:site_name")).toBe(COMPANY_NAME);
      expect(await metaContent(browser, "property", "og:locale")).toBe("en_ZA");
      expect(await metaContent(browser, "name", "twitter:card")).toBe("summary_large_image");
      expect(await metaContent(browser, "property", "og:image:alt")).toContain(page.title);
      expect(await metaContent(browser, "property", "og:image:width")).toBe("1200");
      expect(await metaContent(browser, "property", "og:image:height")).toBe("630");
      sitePath(await metaContent(browser, "property", "og:url"));

      const imagePath = sitePath(await metaContent(browser, "property", "og:image"));
      const response = await fetchOk(request, imagePath);
      expectRevalidatedFile(response, "image/png");
      const bytes = await response.body();
      expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
      expect(bytes.length).toBeLessThan(300 * 1024);
    });
  }

  test("each page has its own share card", async ({ page }) => {
    const images = new Set<string | null>();
    for (const { path } of sitePages) {
      await page.goto(path);
      images.add(await metaContent(page, "property", "og:image"));
    }
    expect(images.size).toBe(sitePages.length);
  });

  test("home describes the company and the site as JSON-LD", async ({ page, request }) => {
    await page.goto("/");
    const [data, ...rest] = await jsonLd(page);
    expect(rest).toEqual([]);
    expect(data?.["@context"]).toBe("https://schema.org");
    const graph = data?.["@graph"] as Record<string, unknown>[];
    const organization = graph.find((node) => node["@type"] === "Organization");
    const website = graph.find((node) => node["@type"] === "WebSite");
    expect(organization).toMatchObject({
      name: COMPANY_NAME,
      url: `${SITE_URL}/`,
      email: SUPPORT_EMAIL,
      address: { "@type": "PostalAddress", addressCountry: "ZA" },
    });
    const logo = await fetchOk(request, sitePath(organization?.logo as string));
    expect(pngSize(await logo.body()).width).toBeGreaterThanOrEqual(112);
    expect(website).toMatchObject({ name: COMPANY_NAME, url: `${SITE_URL}/` });
    expect(website?.publisher).toEqual({ "@id": organization?.["@id"] });
  });

  for (const page of sitePages.filter((candidate) => candidate.id !== "home")) {
    test(`${page.path} gives its breadcrumb trail from home as JSON-LD`, async ({
      page: browser,
    }) => {
      await browser.goto(page.path);
      const [data, ...rest] = await jsonLd(browser);
      expect(rest).toEqual([]);
      expect(data).toMatchObject({ "@context": "https://schema.org" });
      // The trail alone, or beside what the page is about (/faq's FAQPage) in a graph.
      const nodes = (data?.["@graph"] as Record<string, unknown>[] | undefined) ?? [data];
      const trail = nodes.find((node) => node?.["@type"] === "BreadcrumbList");
      const crumbs = trail?.itemListElement as Record<string, unknown>[];
      expect(crumbs.map((crumb) => [crumb.position, crumb.item])).toEqual([
        [1, `${SITE_URL}${sitePage("home").path}`],
        [2, `${SITE_URL}${page.path}`],
      ]);
      for (const crumb of crumbs) expect(String(crumb.name).length).toBeGreaterThan(0);
    });
  }

  for (const { path } of sitePages) {
    test(`${path} keeps its strict CSP: every inline script and style allowed by hash, no violation`, async ({
      page,
    }) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/content security policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective}`);
        });
      });
      const response = await page.goto(path);
      // The policy the page states, and the server's header: the same, plus what a <meta>
      // cannot say.
      const stated =
        (await page
          .locator('head meta[http-equiv="content-security-policy"]')
          .getAttribute("content")) ?? "";
      const header = response?.headers()["content-security-policy"] ?? "";
      expect(header).toBe(`${stated.trim().replace(/;$/, "")}; frame-ancestors 'none'`);
      const directive = (name: string) =>
        header
          .split(";")
          .map((part) => part.trim().split(/\s+/))
          .find(([key]) => key === name)
          ?.slice(1) ?? [];
      expect(directive("script-src")[0]).toBe("'self'");
      expect(directive("script-src")).not.toContain("'unsafe-inline'");
      expect(directive("style-src")).not.toContain("'unsafe-inline'");

      // The contact form's island runs too, so what it adds is checked with the rest.
      if (HYDRATED_PATHS.includes(path)) await startApp(page);
      await page.waitForLoadState("networkidle");
      const inline = await page.evaluate(() => ({
        // JSON-LD is data, never run: the policy has no say over it.
        scripts: [...document.scripts]
          .filter((script) => !script.src && script.type !== "application/ld+json")
          .map((script) => script.text),
        styles: [...document.querySelectorAll("style")].map((style) => style.textContent ?? ""),
        // A style attribute would need 'unsafe-hashes', which the policy does not give.
        styleAttributes: [...document.querySelectorAll("[style]")].map((e) => e.outerHTML),
      }));
      const hash = (text: string) =>
        `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
      expect(inline.styles.length).toBeGreaterThan(0);
      // The island's page inlines Astro's island runtime and our loading directive; the others
      // ship no script but JSON-LD.
      expect(inline.scripts.length > 0).toBe(HYDRATED_PATHS.includes(path));
      for (const script of inline.scripts) {
        expect(directive("script-src"), script.slice(0, 80)).toContain(hash(script));
      }
      for (const style of inline.styles) {
        expect(directive("style-src"), style.slice(0, 80)).toContain(hash(style));
      }
      expect(inline.styleAttributes).toEqual([]);
      expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
      expect(violations).toEqual([]);
    });
  }
});
