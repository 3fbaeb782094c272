import { expect, type Page, test } from "@playwright/test";
import { footerLinks, headerLinks, sitePage, sitePages } from "../../app/content/pages";
import { expectNoAxeViolations } from "./axe";
import { ALL_WIDTHS, DESKTOP, MOBILE } from "./widths";

const ROUTES = sitePages.map((page) => page.path);

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const menuButton = (page: Page) => mainNav(page).getByRole("button", { name: "Menu" });

/** Waits until React has hydrated (its props are attached to the header's button), so
 * client-side behaviour can be exercised. */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const button = document.querySelector("header button");
    return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

for (const viewport of ALL_WIDTHS) {
  const collapsed = viewport.width <= 768;

  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("header shows the logo and the four links, the current one marked", async ({ page }) => {
      await gotoHydrated(page, sitePage("software").path);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: /home$/i }).first()).toHaveAttribute(
        "href",
        "/",
      );
      if (collapsed) {
        await expect(menuButton(page)).toBeVisible();
        await expect(mainNav(page).getByRole("link")).toHaveCount(0);
        await menuButton(page).click();
      } else {
        await expect(menuButton(page)).toBeHidden();
      }
      for (const link of headerLinks) {
        await expect(
          mainNav(page).getByRole("link", { name: link.label, exact: true }),
        ).toHaveAttribute("href", link.to);
      }
      await expect(mainNav(page).locator('[aria-current="page"]')).toHaveText("Software");
      await expect(page.getByRole("banner")).toHaveCSS("position", "fixed");
    });

    test("footer links go where they say", async ({ page }) => {
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      for (const link of footerLinks) {
        await expect(footer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
          "href",
          link.to,
        );
      }
      await expect(footer).toContainText("Amanzi Meters");
    });

    test("page content starts below the fixed header", async ({ page }) => {
      await page.goto(sitePage("hardware").path);
      const header = await page.getByRole("banner").boundingBox();
      const main = await page.getByRole("main").boundingBox();
      expect(header && main && main.y >= header.y + header.height - 1).toBe(true);
    });

    test("navigating scrolls to the top and focuses the new page's heading", async ({ page }) => {
      await gotoHydrated(page, sitePage("privacy").path);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.getByRole("contentinfo").getByRole("link", { name: "Hardware" }).click();
      await expect(page).toHaveURL(/\/hardware$/);
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    });
  });
}

for (const viewport of [MOBILE, { width: 768, height: 900 }]) {
  test.describe(`menu at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("opens and closes with the button, the icons swap", async ({ page }) => {
      await gotoHydrated(page, "/");
      const button = menuButton(page);
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(button).toHaveAttribute("aria-controls", "site-menu");
      await expect(button.locator('[data-icon="menu"]')).toBeVisible();
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(button.locator('[data-icon="close"]')).toBeVisible();
      await expect(button.locator('[data-icon="menu"]')).toHaveCount(0);
      await expect(page.locator("#site-menu")).toBeVisible();
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator("#site-menu")).toBeHidden();
    });

    test("Escape closes it and returns focus to the button", async ({ page }) => {
      await gotoHydrated(page, "/");
      await menuButton(page).click();
      await mainNav(page).getByRole("link", { name: "Hardware" }).focus();
      await page.keyboard.press("Escape");
      await expect(page.locator("#site-menu")).toBeHidden();
      await expect(menuButton(page)).toBeFocused();
      await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    });

    test("following a link closes it", async ({ page }) => {
      await gotoHydrated(page, "/");
      await menuButton(page).click();
      await mainNav(page).getByRole("link", { name: "Software" }).click();
      await expect(page).toHaveURL(/\/software$/);
      await expect(page.locator("#site-menu")).toBeHidden();
      await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    });

    test("works by keyboard alone", async ({ page }) => {
      await gotoHydrated(page, "/");
      await menuButton(page).focus();
      await page.keyboard.press("Enter");
      await expect(page.locator("#site-menu")).toBeVisible();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(mainNav(page).getByRole("link", { name: "Hardware" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/hardware$/);
    });
  });
}

test.describe("routes", () => {
  test("every route is prerendered with its title and content, no JavaScript needed", async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const path of ROUTES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, path).toMatch(/\| Amanzi Meters$/);
      titles.add(title ?? "");
      expect(html, path).toMatch(/<h1[^>]*>[^<]+/);
      expect(html).toContain('<html lang="en-ZA"');
      expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/);
    }
    expect(titles.size).toBe(ROUTES.length);
  });

  test("robots.txt points crawlers at a sitemap listing every page", async ({ request }) => {
    const robots = await request.get("/robots.txt", { maxRedirects: 0 });
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toMatch(/^Sitemap: \S+\/sitemap\.xml$/m);
    const sitemap = await request.get("/sitemap.xml", { maxRedirects: 0 });
    expect(sitemap.status()).toBe(200);
    const locations = [
      ...(await sitemap.text()).matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g),
    ];
    expect(locations.map((match) => match[1]).sort()).toEqual([...ROUTES].sort());
  });

  test("every route hydrates with no console errors (CSP, hydration, scripts)", async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") {
        problems.push(`${page.url()}: ${message.text()}`);
      }
    });
    page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
    // The provider is unreachable here; a stand-in keeps the contact page's script load quiet.
    await page.route("https://www.google.com/recaptcha/**", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: "window.grecaptcha={ready:(f)=>f(),execute:()=>Promise.resolve('t')};",
      }),
    );
    for (const path of ROUTES) {
      await gotoHydrated(page, path);
    }
    expect(problems).toEqual([]);
  });

  test("titles are unique while navigating client-side", async ({ page }) => {
    await gotoHydrated(page, "/");
    const seen = new Set<string>([await page.title()]);
    for (const { label } of footerLinks) {
      await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      seen.add(await page.title());
    }
    expect(seen.size).toBe(ROUTES.length);
  });

  test("trailing-slash variants of real routes work", async ({ page }) => {
    await page.goto(`${sitePage("hardware").path}/`);
    await expect(page).toHaveTitle(/^Quality hardware/);
  });

  test("an unknown path loaded directly redirects home", async ({ page, request }) => {
    const response = await request.get("/no/such/page", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown path navigated to in the app redirects home", async ({ page }) => {
    await gotoHydrated(page, sitePage("terms").path);
    await page.evaluate(() => {
      window.history.pushState(null, "", "/not-a-page");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/Amanzi Meters$/);
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveText("Home");
  });

  test("jumping to an anchor keeps its heading clear of the fixed header", async ({ page }) => {
    await page.goto(`${sitePage("privacy").path}#security`);
    const target = page.locator("#security");
    await expect(target).toBeInViewport();
    const header = await page.getByRole("banner").boundingBox();
    const box = await target.boundingBox();
    expect(header && box && box.y >= header.y + header.height).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("navigation jumps to the top at once instead of scrolling smoothly", async ({ page }) => {
      await gotoHydrated(page, sitePage("privacy").path);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole("contentinfo").getByRole("link", { name: "Hardware" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });

  test("skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await page.goto(sitePage("hardware").path);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    await expect(page.getByRole("main")).toHaveCount(1);
  });

  test("a hydration failure is logged and the page stays readable", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // Served HTML that no longer matches what the app renders makes hydration fail.
    await page.route("**/hardware", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</h1>", " (stale copy)</h1>");
      await route.fulfill({ response, body: html });
    });
    await page.goto(sitePage("hardware").path);
    await expect
      .poll(() => errors.some((text) => text.includes("error while starting in the browser")))
      .toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" }),
    ).toBeVisible();
  });

  test("if the app cannot start, the page stays readable and its links work", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.route("**/assets/entry.client-*.js", (route) => route.abort());
    await page.goto(sitePage("hardware").path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page).toHaveTitle(/^Terms of use/);
  });
});

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of ROUTES) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await gotoHydrated(page, path);
        await expectNoAxeViolations(page);
      });
    }
  });
}
