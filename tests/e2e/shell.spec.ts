import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type CDPSession, expect, type Page, type Request, test } from "@playwright/test";
import { footerLinksOf, headerLinksOf, navigationPagesOf } from "../../app/content/navigation";
import type { PageId } from "../../app/content/page-list";
import * as content from "../../app/content/site-content";
import {
  caseStudies as caseStudyFiles,
  pageFile,
  placeholders,
  shellFile,
  siteDocuments,
  sitePage,
  sitePages,
  siteProducts,
} from "../../app/content/site-content";
import { readSettings } from "../../contract/settings-source";
import { expectNoAxeViolations } from "../support/axe";
import { clientBuildDir } from "../support/client-build";
import { recordProblems } from "../support/page-problems";
import { HYDRATED_PATHS, startApp } from "../support/page-ready";
import { expectSeen } from "../support/seen";
import { ALL_WIDTHS, AT_BREAKPOINT, DESKTOP, MOBILE } from "../support/widths";

// What every page shares (header, menu, footer, skip link, head, routes), checked against the
// production build and against the content files as the build reads them.

const pages = sitePages();
// Every page the build writes: the page list's, each product's, /documents with a document or a
// product (each has a datasheet), and the case studies' pages, built and linked from the footer
// only when there is a study.
const studies = caseStudyFiles();
const caseStudyRoutes =
  studies.length > 0
    ? ["/case-studies", ...studies.map(({ slug }) => `/case-studies/${slug}`)]
    : [];
const listed = [...siteDocuments(), ...siteProducts()];
const ROUTES = [
  ...pages.map((page) => page.path),
  ...siteProducts().map((product) => product.path),
  ...(listed.length > 0 ? ["/documents"] : []),
  ...caseStudyRoutes,
];
const navPages = navigationPagesOf(content);
const headerLinks = headerLinksOf(navPages);
const footerLinks = footerLinksOf(navPages);

const shell = shellFile();
const { companyName } = placeholders();
const mainNav = (page: Page) =>
  page.getByRole("navigation", { name: shell.header.navigationLabel, exact: true });
const menuButton = (page: Page) =>
  mainNav(page).getByRole("button", { name: shell.header.menuButtonLabel, exact: true });
const footerLink = (page: Page, id: PageId) =>
  page
    .getByRole("contentinfo")
    .getByRole("link", { name: sitePage(id).footerLabel ?? "", exact: true });
for (const viewport of ALL_WIDTHS) {
  test(`at ${viewport.width} px the skip link is seen first and skips to the content; the fixed header above it shows the logo and every link, the current one marked; the footer its links`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(sitePage("software").path);
    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: shell.skipLinkLabel, exact: true });
    await expect(skipLink).toBeFocused();
    await expectSeen(skipLink, "the skip link");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();

    const header = page.getByRole("banner");
    await expect(header).toHaveCSS("position", "fixed");
    const [top, content] = [await header.boundingBox(), await page.getByRole("main").boundingBox()];
    expect(top && content && content.y >= top.y + top.height - 1).toBe(true);
    await expect(
      header.getByRole("link", { name: shell.header.homeLinkLabel, exact: true }),
    ).toHaveAttribute("href", "/");
    if (viewport.width <= 768) {
      await expect(mainNav(page).getByRole("link")).toHaveCount(0);
      await menuButton(page).click();
      await expectSeen(mainNav(page).getByRole("list"), "the open menu");
    } else {
      await expect(menuButton(page)).toBeHidden();
    }
    await expect(mainNav(page).getByRole("link")).toHaveCount(headerLinks.length);
    for (const link of headerLinks) {
      const shown = mainNav(page).getByRole("link", { name: link.label, exact: true });
      await expect(shown).toHaveAttribute("href", link.href);
      await expectSeen(shown, `the header's link ${link.label}`);
      const current = link.href === sitePage("software").path ? "page" : null;
      expect(await shown.getAttribute("aria-current"), link.label).toBe(current);
    }
    if (viewport !== DESKTOP) return;

    // The footer's links go where they say, above the build's year (requirements §3.3).
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByRole("navigation", { name: shell.footer.navigationLabel }).getByRole("link"),
    ).toHaveCount(footerLinks.length);
    for (const link of footerLinks) {
      const shown = footer.getByRole("link", { name: link.label, exact: true });
      await expect(shown).toHaveAttribute("href", link.href);
    }
    const built = statSync(join(clientBuildDir, "index.html")).mtime.getFullYear();
    await expect(footer).toContainText(`© ${built} ${companyName}`);
    await expect(footer).toContainText(shell.footer.tagline);
  });
}

/** Whether Chromium's accessibility tree, which assistive technology reads, reports the menu
 * button as expanded. */
async function menuExpandedForAssistiveTech(cdp: CDPSession): Promise<unknown> {
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodes } = await cdp.send("Accessibility.queryAXTree", {
    nodeId: root.nodeId,
    accessibleName: shell.header.menuButtonLabel,
    role: "button",
  });
  expect(nodes).toHaveLength(1);
  return nodes[0]?.properties?.find((property) => property.name === "expanded")?.value.value;
}

for (const viewport of [MOBILE, AT_BREAKPOINT]) {
  test.describe(`menu at ${viewport.width} px, without JavaScript`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    /** The list the menu button opens (its popover target), whether shown or not. */
    const menu = (page: Page) => mainNav(page).getByRole("list", { includeHidden: true });
    const link = (page: Page, id: PageId) =>
      mainNav(page).getByRole("link", {
        name: sitePage(id).headerLabel,
        exact: true,
        includeHidden: true,
      });

    test("opens and closes with its button, a click outside or Escape, showing the right icon to all, and works by keyboard alone", async ({
      page,
    }) => {
      await page.goto("/");
      const cdp = await page.context().newCDPSession(page);
      const expectOpen = async (open: boolean) => {
        await expect(menu(page)).toBeVisible({ visible: open });
        await expect(menuButton(page).locator('[data-icon="close"]')).toBeVisible({
          visible: open,
        });
        await expect(menuButton(page).locator('[data-icon="menu"]')).toBeVisible({
          visible: !open,
        });
        expect(await menuExpandedForAssistiveTech(cdp)).toBe(open);
      };
      await expectOpen(false);
      await menuButton(page).click();
      await expectOpen(true);
      // Open, it sits just under the fixed header, across the page.
      const header = await page.getByRole("banner").boundingBox();
      const list = await menu(page).boundingBox();
      expect(header && list && Math.abs(list.y - (header.y + header.height)) <= 1).toBe(true);
      expect(list?.width).toBe(viewport.width);
      await menuButton(page).click();
      await expectOpen(false);
      await menuButton(page).click();
      await page.mouse.click(viewport.width / 2, viewport.height - 10);
      await expect(menu(page)).toBeHidden();

      // By keyboard: Escape closes it and returns focus; a link opens its page, menu closed.
      await menuButton(page).focus();
      for (const leave of ["Escape", "Enter"]) {
        await page.keyboard.press("Enter");
        await expect(menu(page)).toBeVisible();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(link(page, "hardware")).toBeFocused();
        await page.keyboard.press(leave);
      }
      await expect(page).toHaveURL(/\/hardware$/);
      await expect(menu(page)).toBeHidden();
      await expect(link(page, "hardware")).toHaveAttribute("aria-current", "page");
    });
  });
}

/** The cut faces of the font, which the home page preloads (every page must, the same). */
const PRELOADED_FONTS = [
  ...readFileSync(join(clientBuildDir, "index.html"), "utf8").matchAll(
    /<link rel="preload" href="([^"]+)" as="font"/g,
  ),
].map(([, href]) => href ?? "");
/** The 404 page a static host serves, stopped before it sends the visitor home. */
const notFound = readFileSync(join(clientBuildDir, "404.html"), "utf8");
const notFoundShown = notFound.replace(/<meta http-equiv="refresh"[^>]*>/, "");

/**
 * The page's first paint waits for no stylesheet, and its text for the preloaded cut faces of
 * the font alone: latin always, latin-ext when the copy has a letter only that file of Inter
 * holds; Inter's whole files are for characters the copy does not use.
 */
async function expectOwnStylesAndFonts(page: Page, requests: Request[]) {
  expect(PRELOADED_FONTS.length).toBeGreaterThan(0);
  for (const font of PRELOADED_FONTS) {
    expect(font).toMatch(/^\/assets\/fonts\/inter-latin(-ext)?-cut-[\w-]+\.woff2$/);
  }
  const head = await page.evaluate(() => ({
    stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
    inlineCss: [...document.querySelectorAll("head style")].reduce(
      (length, style) => length + (style.textContent?.length ?? 0),
      0,
    ),
    fontPreloads: [
      ...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]'),
    ].map((link) => new URL(link.href).pathname),
  }));
  expect(head.stylesheets).toBe(0);
  expect(head.inlineCss).toBeGreaterThan(5000);
  expect(head.fontPreloads).toEqual(PRELOADED_FONTS);
  const fetched = (type: string) =>
    requests
      .filter((request) => request.resourceType() === type)
      .map((request) => new URL(request.url()).pathname);
  expect(fetched("stylesheet")).toEqual([]);
  expect(fetched("font").toSorted()).toEqual(PRELOADED_FONTS.toSorted());
}

for (const viewport of [MOBILE, DESKTOP]) {
  for (const path of ROUTES) {
    const island = HYDRATED_PATHS.includes(path);
    test(`${path} at ${viewport.width} px: no WCAG 2.2 AA violation or sideways scrolling; nothing logged, blocked by its policy or asked off the site; ${island ? "the contact form its one island" : "no script"}; its own styles and fonts; one look for its sections' headings`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      const problems = recordProblems(page);
      await page.addInitScript(() => {
        addEventListener("securitypolicyviolation", (event) =>
          console.error(`Content Security Policy: ${event.effectiveDirective} blocked`),
        );
      });
      const requests: Request[] = [];
      page.on("request", (request) => requests.push(request));
      // Only the contact form asks for the bot check, once used: a stand-in answers here.
      await page.route("https://www.google.com/recaptcha/**", (route) =>
        route.fulfill({
          contentType: "text/javascript",
          body: "window.grecaptcha={ready:(f)=>f(),execute:()=>Promise.resolve('t')};",
        }),
      );
      const response = await page.goto(path);
      if (island) await startApp(page);
      await page.waitForLoadState("networkidle");

      // Inline scripts and styles run by their hashes, never by 'unsafe-inline'.
      const policy = (response?.headers()["content-security-policy"] ?? "").split(";");
      const sources = (name: string) =>
        policy.map((part) => part.trim().split(/\s+/)).find(([key]) => key === name) ?? [];
      expect(sources("script-src")[1]).toBe("'self'");
      expect([...sources("script-src"), ...sources("style-src")]).not.toContain("'unsafe-inline'");
      const offSite = requests
        .map((request) => new URL(request.url()))
        .filter((url) => url.origin !== new URL(baseURL ?? "").origin && url.protocol !== "data:")
        .filter((url) => !(island && url.href.startsWith("https://www.google.com/recaptcha/")));
      expect(offSite).toEqual([]);
      expect(problems).toEqual([]);
      await expectOwnStylesAndFonts(page, requests);

      const shipped = await page.evaluate(() => ({
        // JSON-LD and other data blocks are not run, so they are allowed.
        scripts: [...document.scripts]
          .filter((script) => script.type !== "application/ld+json")
          .map((script) => script.outerHTML.slice(0, 120)),
        modulePreloads: document.querySelectorAll('link[rel="modulepreload"]').length,
        inlineHandlers: [...document.querySelectorAll("*")].flatMap((element) =>
          element.getAttributeNames().filter((name) => name.startsWith("on")),
        ),
        islandForms: [...document.querySelectorAll("astro-island")].map(
          (element) => element.querySelectorAll("form").length,
        ),
        sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        // Colour, size and alignment of every section's heading; a contents box's label and the
        // headings in the banner with the page's h1 are the banner's and the box's own.
        headingLooks: [
          ...new Set(
            [...document.querySelectorAll("main h2:not(nav h2)")]
              .filter((heading) => !heading.closest("section:has(h1)"))
              .map((heading) => {
                const { color, fontSize, textAlign } = getComputedStyle(heading);
                return `${color} ${fontSize} ${textAlign}`;
              }),
          ),
        ],
      }));
      expect(shipped.headingLooks.length).toBeLessThanOrEqual(1);
      for (const look of shipped.headingLooks) expect(look).toMatch(/ start$/);
      expect(shipped).toMatchObject({
        modulePreloads: 0,
        inlineHandlers: [],
        islandForms: island ? [1] : [],
        sideways: 0,
      });
      if (!island) {
        expect(shipped.scripts).toEqual([]);
        expect(requests.filter((request) => request.resourceType() === "script")).toEqual([]);
      }
      await expectNoAxeViolations(page);
    });
  }
}

test("the footer's two columns share its width, side by side or one above the other, from 320 to 1440 px", async ({
  page,
}) => {
  await page.goto("/");
  for (const width of [320, 769, 800, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const { row, columns } = await page.locator("footer nav").evaluate((nav) => {
      const row = nav.parentElement as HTMLElement;
      const box = (node: Element) => node.getBoundingClientRect();
      return { row: box(row), columns: [...row.children].map(box) };
    });
    const [first, second] = columns;
    if (!first || !second) throw new Error("the footer has fewer than two columns");
    const sideBySide = Math.abs(first.top - second.top) < 1;
    expect(sideBySide, `${width} px`).toBe(width > 768);
    for (const column of columns) {
      const share = sideBySide ? (row.width - (second.left - first.right)) / 2 : row.width;
      expect(Math.abs(column.width - share), `${width} px`).toBeLessThan(2);
    }
  }
});

test("every route is prerendered with its own title and content; absolute addresses come from VITE_SITE_URL or are left out, never guessed", async ({
  request,
}) => {
  const siteUrl = readSettings().VITE_SITE_URL?.trim().replace(/\/+$/, "") || undefined;
  const titles = new Set<string>();
  for (const path of ROUTES) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1] ?? "";
    expect(title.endsWith(`| ${companyName}`), `${path}: ${title}`).toBe(true);
    titles.add(title);
    expect(html, path).toMatch(/<h1[^>]*>[^<]+/);
    expect(html).toContain('<html lang="en-ZA"');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    const canonical = html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
    const ogUrl = html.match(/<meta property="og:url" content="([^"]*)"/)?.[1];
    expect([canonical, ogUrl], path).toEqual(Array(2).fill(siteUrl && `${siteUrl}${path}`));
  }
  expect(titles.size).toBe(ROUTES.length);

  const robots = await request.get("/robots.txt", { maxRedirects: 0 });
  expect(robots.headers()["content-type"]).toContain("text/plain");
  const sitemapLines = (await robots.text()).match(/^Sitemap: .*$/gm) ?? [];
  expect(sitemapLines).toEqual(siteUrl ? [`Sitemap: ${siteUrl}/sitemap-index.xml`] : []);
  expect(existsSync(join(clientBuildDir, "sitemap-index.xml"))).toBe(!!siteUrl);
  const locations = async (path: string) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["content-type"], path).toMatch(/xml/);
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  };
  if (siteUrl) {
    // The index names the one sitemap, which lists every page of the list (and the case
    // studies' pages) and nothing else.
    const sitemaps = await locations("/sitemap-index.xml");
    expect(sitemaps).toEqual([`${siteUrl}/sitemap-0.xml`]);
    const listed = await locations(new URL(sitemaps[0] ?? "").pathname);
    expect(listed.sort()).toEqual(ROUTES.map((path) => `${siteUrl}${path}`).sort());
  }
  // No file a crawler or visitor reads names an origin the settings did not give.
  const written = readdirSync(clientBuildDir, { recursive: true, encoding: "utf8" }).filter(
    (name) => /\.(html|txt|xml|json|webmanifest|yml)$/.test(name),
  );
  expect(written.length).toBeGreaterThan(ROUTES.length);
  for (const name of written) {
    const text = readFileSync(join(clientBuildDir, name), "utf8");
    const loopback = text.match(/https?:\/\/(localhost|127\.0\.0\.1)[^"\s<]*/g) ?? [];
    expect(
      loopback.filter((url) => !siteUrl || !url.startsWith(siteUrl)),
      name,
    ).toEqual([]);
  }
});

test("on a static host without JavaScript, the 404 page sends an unknown path home", async ({
  browser,
}) => {
  const page = await browser.newPage({ javaScriptEnabled: false });
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  expect(notFound).not.toMatch(/<script/i);
  expect(notFound).toMatch(/<meta http-equiv="refresh" content="0; url=\/">/);
  expect(notFound).toMatch(/<meta name="robots" content="noindex">/);
  // What a visitor sees while it does, or where a browser does not follow the refresh.
  await page.route("**/not/followed", (route) =>
    route.fulfill({ status: 404, contentType: "text/html", body: notFoundShown }),
  );
  await page.goto("/not/followed");
  await page.waitForLoadState("networkidle");
  await expectOwnStylesAndFonts(page, requests);
  const copy = shell.notFoundPage;
  await expect(page).toHaveTitle(`${copy.title} | ${companyName}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.heading);
  await expect(page.getByRole("main")).toContainText(copy.paragraph);
  await expect(
    page.getByRole("main").getByRole("link", { name: copy.homeLink, exact: true }),
  ).toHaveAttribute("href", "/");

  // What a static host does: answer an unknown path with its 404.html.
  await page.route("**/no/such/page", (route) =>
    route.fulfill({ status: 404, contentType: "text/html", body: notFound }),
  );
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    pageFile(sitePage("home")).hero.heading,
  );
  await page.close();
});

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  const animates = reducedMotion === "no-preference";
  test(`with prefers-reduced-motion: ${reducedMotion}, a followed link ${animates ? "cross-fades to" : "opens without animation"} the new page, at its top`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    // Runs in every new document before it is shown: records whether the browser started
    // a cross-document view transition into it.
    await page.addInitScript(() => {
      window.addEventListener("pagereveal", (event) => {
        const reveal = event as Event & { viewTransition: unknown };
        sessionStorage.setItem("viewTransition", String(reveal.viewTransition !== null));
      });
    });
    await page.goto(sitePage("privacy").path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footerLink(page, "hardware").click();
    await expect(page).toHaveURL(/\/hardware$/);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("viewTransition")))
      .toBe(String(animates));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
}
