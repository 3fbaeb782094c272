import legalPages from "virtual:content/legal";
import productPages from "virtual:content/product";
import siteShell from "virtual:content/site-shell";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { pageList } from "../../app/content/page-list";
import { sitePage } from "../../app/content/pages";
import { basicWeights } from "../../app/lib/web-font";
import { defaultRetentionDays, retentionStatement } from "../../contract/retention";
import { expectNoAxeViolations } from "../support/axe";
import { PICTURE } from "../support/pictures";
import { DESKTOP, MOBILE } from "../support/widths";

// The product and legal pages of the page list against the production build, checked against
// their content files (app/content/*.yaml), read through the build's own content modules.

const { privacy, terms } = legalPages;
const contentOf = { ...productPages, ...legalPages };

const PAGES = pageList.flatMap(({ id, path, kind }) => {
  if (kind === "contact") return [];
  // The page's own block (title, link texts, share card) is checked in <head> and the shell.
  const { page: _, ...file } = contentOf[id];
  return [{ id, path, heading: file.hero.heading, file }];
});

const SUPPORT_EMAIL = process.env.VITE_SUPPORT_EMAIL || "support@example.com";
const GET_IN_TOUCH = siteShell.getInTouch.label;

/**
 * A content file's words as the page shows them (placeholders are filled where the file is
 * read): its texts, and its pictures' descriptions.
 */
function wordsOf(file: unknown): { texts: string[]; alts: string[] } {
  const texts: string[] = [];
  const alts: string[] = [];
  const visit = (value: unknown, key = "") => {
    if (typeof value === "string") {
      // Picture names, block kinds and anchors are not shown as words.
      if (["picture", "icon", "type", "id"].includes(key)) return;
      (key === "alt" ? alts : texts).push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (value && typeof value === "object") {
      for (const [inner, item] of Object.entries(value)) visit(item, inner);
    }
  };
  visit(file);
  return { texts, alts: alts.filter(Boolean) };
}

// Third-party scripts (the bot-check provider) are not part of these pages: keep them offline.
test.beforeEach(async ({ page }) => {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ contentType: "text/javascript", body: "" }),
  );
});

async function open(page: Page, path: string) {
  await page.goto(path);
  // Done loading the font and late stylesheets, so the layout is final.
  await page.waitForLoadState("networkidle");
}

const main = (page: Page) => page.locator("main");

for (const { id, path, heading, file } of PAGES) {
  test.describe(`page ${path}`, () => {
    test("shows every word of its content file, and its title and description", async ({
      page,
    }) => {
      await open(page, path);
      const text = (await main(page).textContent())?.replace(/\s+/g, " ") ?? "";
      const { texts, alts } = wordsOf(file);
      for (const words of texts) expect(text, words).toContain(words);
      const shownAlts = await main(page)
        .locator(`${PICTURE}[role="img"]`)
        .evaluateAll((pictures) => pictures.map((svg) => svg.getAttribute("aria-label")));
      for (const alt of alts) expect(shownAlts, alt).toContain(alt);
      const { title, description } = sitePage(id);
      await expect(page).toHaveTitle(new RegExp(`^${title}`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        description,
      );
    });

    test("has one h1, its hero heading, and no skipped heading levels", async ({ page }) => {
      await open(page, path);
      await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator("h1")).toHaveCount(1);
      const levels = await main(page)
        .locator("h1, h2, h3, h4, h5, h6")
        .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) {
        expect(levels[i] ?? 0).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
      }
    });

    test("has its heading's letters in the site's font face every page loads first", async ({
      page,
    }) => {
      await open(page, path);
      // Not the font Chromium drew with: font-display: optional keeps the fallback whenever the
      // face is a moment late, which a busy test machine makes random. What holds is that each
      // letter is in the basic face, the one every page preloads: a letter only Inter's whole
      // latin face has needs a second download, which `optional` never waits for.
      const basicWeight = `${basicWeights.min} ${basicWeights.max}`;
      const uncovered = await page.evaluate(
        async ({ text, weight }) => {
          await document.fonts.ready;
          const basic = [...document.fonts].filter(
            (face) =>
              face.family.replaceAll('"', "") === "Inter Variable" &&
              face.weight === weight &&
              face.status === "loaded",
          );
          const ranges = basic.flatMap((face) =>
            face.unicodeRange.split(",").map((part) => {
              const [start = "0", end = start] = part.trim().replace(/^U\+/i, "").split("-");
              return [Number.parseInt(start, 16), Number.parseInt(end, 16)];
            }),
          );
          return [...text.replace(/\s/g, "")].filter((char) => {
            const code = char.codePointAt(0) ?? 0;
            return !ranges.some(([start = 0, end = 0]) => code >= start && code <= end);
          });
        },
        { text: heading, weight: basicWeight },
      );
      expect(uncovered, heading).toEqual([]);
    });

    test("every Get in Touch link in the page leads to the contact page", async ({ page }) => {
      await open(page, path);
      const links = main(page).getByRole("link", { name: GET_IN_TOUCH });
      const count = await links.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        await expect(links.nth(i)).toHaveAttribute("href", sitePage("contact").path);
      }
      const visibleLabels = await links.evaluateAll((nodes) =>
        nodes.map((node) => {
          const copy = node.cloneNode(true) as HTMLElement;
          for (const hidden of copy.querySelectorAll(".visually-hidden")) hidden.remove();
          return copy.textContent?.trim();
        }),
      );
      expect(new Set(visibleLabels)).toEqual(new Set([GET_IN_TOUCH]));
      const names = await links.evaluateAll((nodes) =>
        nodes.map((node) => node.textContent?.replace(/\s+/g, " ").trim()),
      );
      expect(new Set(names).size, "each link names its own topic").toBe(names.length);

      await links.last().click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    test("draws every picture in the page at its size, described or hidden as decoration", async ({
      page,
    }) => {
      await open(page, path);
      // No picture as an image: each would cost the page an SVG document of its own (0023).
      await expect(main(page).locator("img")).toHaveCount(0);
      const pictures = await main(page)
        .locator(PICTURE)
        .evaluateAll((nodes) =>
          nodes.map((svg) => ({
            width: svg.getAttribute("width"),
            height: svg.getAttribute("height"),
            role: svg.getAttribute("role"),
            label: svg.getAttribute("aria-label"),
            hidden: svg.getAttribute("aria-hidden"),
            drawn: svg.childElementCount > 0,
          })),
        );
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of pictures) {
        expect(Number(picture.width)).toBeGreaterThan(0);
        expect(Number(picture.height)).toBeGreaterThan(0);
        expect(picture.drawn).toBe(true);
        if (picture.hidden === "true") expect(picture.role).toBeNull();
        else
          expect({ role: picture.role, named: !!picture.label }).toEqual({
            role: "img",
            named: true,
          });
      }
    });

    test("has its full copy in the prerendered HTML", async ({ browser, page }) => {
      // The text itself, not innerText: sections below the first screen are laid out only as
      // they near it (content-visibility: auto), and innerText leaves out what is not laid out.
      const copyOf = (locator: Locator) =>
        locator.evaluate((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim());
      const withoutScript = await browser.newContext({ javaScriptEnabled: false });
      const staticPage = await withoutScript.newPage();
      await staticPage.goto(path);
      const prerendered = await copyOf(staticPage.locator("main"));
      await withoutScript.close();

      await open(page, path);
      // With JavaScript on, nothing may add to or change the copy either.
      const withScript = await copyOf(main(page));
      expect(prerendered).toBe(withScript);
      expect(prerendered).toContain(heading);
    });

    for (const network of ["fast", "slow"] as const) {
      test(`does not shift its layout while it loads (${network} font and stylesheets)`, async ({
        page,
      }) => {
        if (network === "slow") {
          // The font and the late stylesheets arrive after the first paint, as on a slow phone.
          await page.route(/\.(woff2|css)$/, async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 800));
            await route.continue();
          });
        }
        await page.addInitScript(() => {
          const w = window as unknown as { layoutShift: number };
          w.layoutShift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number }[]) {
              w.layoutShift += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
        await page.setViewportSize(MOBILE);
        await open(page, path);
        await page.mouse.wheel(0, 4000);
        await page.waitForLoadState("networkidle");
        const shift = await page.evaluate(
          () => (window as unknown as { layoutShift: number }).layoutShift,
        );
        expect(shift).toBeLessThan(0.01);
      });
    }

    for (const viewport of [MOBILE, DESKTOP]) {
      test(`has no WCAG 2.2 AA violations and no sideways scrolling at ${viewport.width} px`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await open(page, path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe("block layout", () => {
  test("home hero: round icon, shown above the text on narrow screens and beside it on wide ones", async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await open(page, "/");
    const hero = main(page).locator("section").first();
    const icon = hero.getByRole("img");
    const heading = hero.getByRole("heading", { level: 1 });
    expect(await icon.evaluate((img) => getComputedStyle(img).borderRadius)).toBe("50%");
    const [iconBox, headingBox] = [await icon.boundingBox(), await heading.boundingBox()];
    expect(iconBox && headingBox && iconBox.y + iconBox.height <= headingBox.y).toBe(true);

    await page.setViewportSize(DESKTOP);
    const [wideIcon, wideHeading] = [await icon.boundingBox(), await heading.boundingBox()];
    expect(wideIcon && wideHeading && wideIcon.x > wideHeading.x + wideHeading.width).toBe(true);
  });

  test("other heroes: plain icon below the text on narrow screens", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await open(page, sitePage("hardware").path);
    const hero = main(page).locator("section").first();
    const icon = hero.getByRole("img");
    expect(await icon.evaluate((img) => getComputedStyle(img).borderRadius)).toBe("0px");
    const [iconBox, headingBox] = [
      await icon.boundingBox(),
      await hero.getByRole("heading", { level: 1 }).boundingBox(),
    ];
    expect(iconBox && headingBox && iconBox.y > headingBox.y).toBe(true);
  });

  /** Where each feature row's picture sits relative to its heading: left, right or above. */
  async function rowImageSides(page: Page) {
    // Feature-row headings are the h2s without an id (section headings carry one).
    const rows = main(page).locator("h2:not([id])");
    return rows.evaluateAll(
      (headings, selector) =>
        headings
          .map((h2) => {
            const row = h2.parentElement?.parentElement;
            const picture = row?.querySelector(selector);
            if (!row || !picture || row.tagName === "SECTION") return null;
            const a = picture.getBoundingClientRect();
            const b = h2.getBoundingClientRect();
            if (a.right <= b.left) return "left";
            if (a.left >= b.right) return "right";
            return a.bottom <= b.top ? "above" : "other";
          })
          .filter((side) => side !== null),
      PICTURE,
    );
  }

  test("feature rows alternate sides on wide screens and stack on narrow ones", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, sitePage("hardware").path);
    const rows = productPages.hardware.features;
    expect(await rowImageSides(page)).toEqual(rows.map((_, i) => (i % 2 ? "right" : "left")));
    await page.setViewportSize(MOBILE);
    expect(await rowImageSides(page)).toEqual(rows.map(() => "above"));
  });

  test("highlight columns have vertical dividers on wide screens, horizontal on narrow", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, sitePage("software").path);
    const columns = main(page).locator("section").nth(1).getByRole("listitem");
    const count = productPages.software.highlights.columns.length;
    await expect(columns).toHaveCount(count);
    const borders = () =>
      columns.evaluateAll((items) =>
        items.map((item) => {
          const style = getComputedStyle(item);
          return `${style.borderLeftWidth}/${style.borderTopWidth}`;
        }),
      );
    const firstThen = (border: string) =>
      Array.from({ length: count }, (_, i) => (i ? border : "0px/0px"));
    expect(await borders()).toEqual(firstThen("1px/0px"));
    await page.setViewportSize(MOBILE);
    expect(await borders()).toEqual(firstThen("0px/1px"));
  });

  test("four highlight columns sit in one row on wide screens and two by two on mid-width ones", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, sitePage("home").path);
    const columns = main(page).locator("section").nth(1).getByRole("listitem");
    await expect(columns).toHaveCount(4);
    const rowTops = async () =>
      (
        await columns.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top))
      ).map((top, _, tops) => tops.indexOf(top));
    // Each column's value: the index of the first column on its row.
    expect(await rowTops()).toEqual([0, 0, 0, 0]);
    await page.setViewportSize({ width: 900, height: 900 });
    expect(await rowTops()).toEqual([0, 0, 2, 2]);
  });
});

test("the privacy statement shows all its sections and the support mailbox", async ({ page }) => {
  await open(page, sitePage("privacy").path);
  const sections = privacy.sections.map((section) => section.heading);
  for (const name of sections) {
    await expect(main(page).getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(main(page).getByRole("navigation").getByRole("link", { name })).toBeVisible();
  }
  // The test build leaves ENQUIRY_RETENTION_DAYS at its default, as the test server does.
  await expect(main(page)).toContainText(
    retentionStatement(defaultRetentionDays, { email: false, webhook: false }),
  );
  await expect(main(page).getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
    "href",
    `mailto:${SUPPORT_EMAIL}`,
  );
});

test("the terms of use show all their sections, and each contents link reaches its section", async ({
  page,
}) => {
  await open(page, sitePage("terms").path);
  const sections = terms.sections.map((section) => section.heading);
  expect(sections.length).toBeGreaterThan(0);
  for (const name of sections) {
    await expect(main(page).getByRole("heading", { level: 2, name })).toBeVisible();
  }
  const last = terms.sections.at(-1);
  const name = last?.heading ?? "";
  await main(page).getByRole("navigation").getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#${last?.id}$`));
  await expect(main(page).getByRole("heading", { name })).toBeInViewport();
});
