import { execFileSync } from "node:child_process";
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  pageFile,
  placeholders,
  shellFile,
  sitePage,
  sitePages,
  siteProducts,
  siteSettings,
} from "../../app/content/site-content";
import { specificationTables } from "../../app/lib/figures";
import {
  HEIGHT_TOLERANCE,
  heightsWhileScrolled,
  PAGE_TYPES,
  strayOf,
} from "../support/page-height";
import { PICTURE } from "../support/pictures";
import { DESKTOP, MOBILE } from "../support/widths";

// The product and legal pages of the page list against the production build, checked against
// their content files (app/content/*.yaml, or CONTENT_DIR), read as the build reads them.

const PAGES = sitePages().flatMap((entry) => {
  if (entry.kind === "contact") return [];
  // The page's own block (title, link texts, share card) is checked in <head> and the shell.
  const { page: _, ...file } = pageFile(entry);
  return [{ id: entry.id, path: entry.path, kind: entry.kind, heading: file.hero.heading, file }];
});

const SUPPORT_EMAIL = siteSettings().VITE_SUPPORT_EMAIL;
const { getInTouch } = shellFile();

/**
 * A content file's words as the page shows them (placeholders are filled where the file is
 * read): its texts, its pictures' descriptions, and how many pictures it names.
 */
function wordsOf(file: unknown): { texts: string[]; alts: string[]; pictures: number } {
  const texts: string[] = [];
  const alts: string[] = [];
  let pictures = 0;
  const visit = (value: unknown, key = "") => {
    if (typeof value === "string") {
      if (key === "picture" || key === "icon") pictures++;
      // Picture and product names, block kinds, anchors, and the codes of who asks a question and
      // the products it names, are not shown as words; nor the legal pages' words for a build
      // without a support address (app/build-refuses.test.ts).
      const unshown = ["picture", "icon", "type", "id", "product", "askedBy", "products"];
      if ([...unshown, "withoutAddress", "orOfficer"].includes(key)) return;
      (key === "alt" ? alts : texts).push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (value && typeof value === "object") {
      for (const [inner, item] of Object.entries(value)) visit(item, inner);
    }
  };
  visit(file);
  return { texts, alts: alts.filter(Boolean), pictures };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  // Done loading the font, so the layout is final.
  await page.waitForLoadState("networkidle");
}

const main = (page: Page) => page.getByRole("main");

/**
 * The fonts Chromium drew an element's text with, as its DevTools report them: the family named
 * in each font file, and whether the file came from the page (a web font) or the system.
 */
async function fontsDrawing(page: Page, element: Locator) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    await cdp.send("DOM.getDocument", { depth: 0 });
    await element.evaluate((node) => {
      Object.assign(window, { fontProbe: node });
    });
    const { result } = await cdp.send("Runtime.evaluate", { expression: "window.fontProbe" });
    const { nodeId } = await cdp.send("DOM.requestNode", { objectId: result.objectId ?? "" });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

for (const { id, path, kind, heading, file } of PAGES) {
  test.describe(`page ${path}`, () => {
    test("shows every word of its content file under one h1, its pictures and its Get in Touch links", async ({
      page,
    }) => {
      await open(page, path);
      const text = (await main(page).textContent())?.replace(/\s+/g, " ") ?? "";
      const { texts, alts, pictures: named } = wordsOf(file);
      for (const words of texts) expect(text, words).toContain(words.replace(/\s+/g, " "));
      for (const alt of alts) {
        await expect(main(page).getByRole("img", { name: alt, exact: true }).first()).toBeVisible();
      }
      const { title, description } = sitePage(id);
      await expect(page).toHaveTitle(`${title} | ${placeholders().companyName}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        description,
      );

      // One h1, the hero's heading, and no heading level skipped.
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(heading);
      const levels = await main(page)
        .getByRole("heading")
        .evaluateAll((nodes) =>
          nodes.map((node) => Number(node.getAttribute("aria-level") ?? node.tagName.slice(1))),
        );
      expect(levels[0]).toBe(1);
      for (const [i, level] of levels.entries()) {
        expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
      }

      // Every picture drawn at its size, described or hidden as decoration; none as an image,
      // as each would cost the page an SVG document of its own (0023). A case study's photo is
      // a photo, not a picture.
      await expect(main(page).locator("img:not(picture > img)")).toHaveCount(0);
      await expect(main(page).getByRole("img")).toHaveCount(alts.length);
      const pictures = await main(page)
        .locator(PICTURE)
        .evaluateAll((nodes) =>
          nodes.map((svg) => ({
            sized: Number(svg.getAttribute("width")) > 0 && Number(svg.getAttribute("height")) > 0,
            drawn: svg.childElementCount > 0,
            shown:
              svg.getAttribute("aria-hidden") === "true"
                ? svg.getAttribute("role") === null
                : svg.getAttribute("role") === "img" && !!svg.getAttribute("aria-label"),
          })),
        );
      expect(pictures).toEqual(Array(named).fill({ sized: true, drawn: true, shown: true }));

      // The hero's Get in Touch, and on a product page one per feature row, named by the row's
      // feature for screen readers; a sighted visitor reads the label alone.
      const contact = sitePage("contact");
      const links = main(page).getByRole("link", { name: getInTouch.label });
      const about = (topic: string) => getInTouch.about.replaceAll("{topic}", topic);
      const expected = [
        getInTouch.label,
        ...(kind === "product" && "features" in file
          ? file.features.map((row) => `${getInTouch.label} ${about(row.featureName)}`)
          : []),
      ];
      await expect(links).toHaveCount(expected.length);
      for (const [i, name] of expected.entries()) {
        await expect(links.nth(i)).toHaveAccessibleName(name);
        await expect(links.nth(i)).toHaveAttribute("href", contact.path ?? "");
      }
      const visibleLabels = await links.evaluateAll((nodes) =>
        nodes.map((node) => {
          const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
          let text = "";
          while (walker.nextNode()) {
            const box = walker.currentNode.parentElement?.getBoundingClientRect();
            if (box && box.width > 1 && box.height > 1) text += walker.currentNode.textContent;
          }
          return text.replace(/\s+/g, " ").trim();
        }),
      );
      expect(new Set(visibleLabels)).toEqual(new Set([getInTouch.label]));
      await links.last().click();
      await expect(page).toHaveURL(new RegExp(`${contact.path}$`));
    });

    test("draws its heading's letters in the site's font", async ({ page }) => {
      // The font's faces are `font-display: optional`: a letter whose face is not there when
      // the page is first laid out stays in the fallback font for good (Chromium never fetches
      // that face), so every letter must be in a preloaded face cut for the copy. Whether a first
      // view's faces beat the block period over loopback depends on how busy the machine is, so
      // a view drawn in the fallback is followed by another, its preloaded faces then cached.
      const h1 = main(page).getByRole("heading", { level: 1 });
      let fonts: { familyName: string; isCustomFont: boolean }[] = [];
      for (let view = 0; view < 3; view++) {
        await open(page, path);
        await expect(h1).toHaveText(heading);
        fonts = await fontsDrawing(page, h1);
        if (fonts.every((font) => /^Inter\b/.test(font.familyName))) break;
      }
      expect(fonts.length, heading).toBeGreaterThan(0);
      const inter = { familyName: expect.stringMatching(/^Inter\b/), isCustomFont: true };
      expect(fonts, heading).toEqual(fonts.map(() => expect.objectContaining(inter)));
    });

    for (const network of ["fast", "slow"] as const) {
      test(`does not shift its layout while it loads (${network} font)`, async ({ page }) => {
        if (network === "slow") {
          // The font arrives after the first paint, as on a slow phone.
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
  });
}

/** Where a picture sits beside a heading: left, right, above or below it. */
async function side(picture: Locator, heading: Locator) {
  await heading.scrollIntoViewIfNeeded();
  const [a, b] = [await picture.first().boundingBox(), await heading.boundingBox()];
  if (!a || !b) return "missing";
  if (a.x + a.width <= b.x) return "left";
  if (a.x >= b.x + b.width) return "right";
  return a.y + a.height <= b.y ? "above" : a.y >= b.y + b.height ? "below" : "overlapping";
}

test("the blocks' layout: heroes, feature rows and highlight columns on narrow, mid-width and wide screens", async ({
  page,
}) => {
  const blocks = (id: string) => {
    const { file } = sitePage(id, "product");
    const region = (name: string) => main(page).getByRole("region", { name, exact: true });
    const hero = region(file.hero.heading);
    const picture = hero.getByRole("img", { name: file.hero.illustration.alt, exact: true });
    return {
      file,
      heroPicture: () => side(picture, hero.getByRole("heading", { level: 1 })),
      radius: () => picture.evaluate((svg) => getComputedStyle(svg).borderRadius),
      columns: region(file.highlights.heading).getByRole("listitem"),
    };
  };
  // Home's round picture sits above its text on narrow screens, beside it on wide ones.
  const home = sitePages().find((candidate) => candidate.path === "/");
  expect(home?.roundHero).toBe(true);
  await page.setViewportSize(MOBILE);
  await open(page, "/");
  const homeBlocks = blocks(home?.id ?? "");
  expect([await homeBlocks.radius(), await homeBlocks.heroPicture()]).toEqual(["50%", "above"]);
  await page.setViewportSize(DESKTOP);
  expect(await homeBlocks.heroPicture()).toBe("right");

  // Another hero's plain picture sits below its text on narrow screens; feature rows stack
  // there, and alternate sides on wide ones.
  await page.setViewportSize(MOBILE);
  await open(page, sitePage("hardware").path);
  const hardware = blocks("hardware");
  expect([await hardware.radius(), await hardware.heroPicture()]).toEqual(["0px", "below"]);
  const rows = hardware.file.features;
  const rowSides = async () => {
    const found: string[] = [];
    for (const row of rows) {
      const heading = main(page).getByRole("heading", { level: 2, name: row.heading, exact: true });
      const picture = main(page).getByRole("img", { name: row.illustration.alt, exact: true });
      found.push(await side(picture, heading));
    }
    return found;
  };
  expect(await rowSides()).toEqual(rows.map(() => "above"));
  await page.setViewportSize(DESKTOP);
  expect(await rowSides()).toEqual(rows.map((_, i) => (i % 2 ? "right" : "left")));

  // Up to three highlight columns: vertical dividers on wide screens, horizontal on narrow.
  await open(page, sitePage("software").path);
  const { columns, file } = blocks("software");
  const count = file.highlights.columns.length;
  expect(count).toBeLessThanOrEqual(3);
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

  // Four or more sit in one row on wide screens, two by two at mid width. The launch content
  // has such a page (home); the layout is for any that has.
  const many = sitePages().find(
    (candidate) =>
      candidate.kind === "product" &&
      sitePage(candidate.id, "product").file.highlights.columns.length > 3,
  );
  expect(many, "a product page with more than three highlight columns").toBeDefined();
  await page.setViewportSize(DESKTOP);
  await open(page, many?.path ?? "");
  // Each column's value: the index of the first column on its row.
  const rowStarts = async () =>
    (
      await blocks(many?.id ?? "").columns.evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().top),
      )
    ).map((top, _, tops) => tops.indexOf(top));
  const starts = await rowStarts();
  expect(starts.length).toBeGreaterThan(3);
  expect(starts).toEqual(starts.map(() => 0));
  await page.setViewportSize({ width: 900, height: 900 });
  expect(await rowStarts()).toEqual(starts.map((_, i) => i - (i % 2)));
});

test("a legal page's contents link brings its section clear of the fixed header; the privacy statement links the support mailbox", async ({
  page,
}) => {
  const privacy = sitePage("privacy", "legal");
  await open(page, privacy.path);
  const last = privacy.file.sections.at(-1);
  const name = last?.heading ?? "";
  await main(page)
    .getByRole("navigation", { name: privacy.file.contentsLabel })
    .getByRole("link", { name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`#${last?.id}$`));
  const target = main(page).getByRole("heading", { level: 2, name, exact: true });
  await expect(target).toBeInViewport();
  const header = await page.getByRole("banner").boundingBox();
  const box = await target.boundingBox();
  expect(header && box && box.y >= header.y + header.height).toBe(true);
  await expect(main(page).getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
    "href",
    `mailto:${SUPPORT_EMAIL}`,
  );
});

test("a product page, /faq and the privacy statement print black on white, without the menu or the skip link, each link's address after it", async ({
  page,
}, testInfo) => {
  const { skipLinkLabel } = shellFile();
  const product = siteProducts()[0];
  for (const path of [product?.path ?? "", sitePage("faq").path, sitePage("privacy").path]) {
    await page.goto(path);
    const href = await page.locator("main a[href^='/']").first().getAttribute("href");
    const pdf = testInfo.outputPath(`${path.replaceAll("/", "-")}.pdf`);
    await page.pdf({ path: pdf, format: "A4" });
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" });
    expect(text, path).not.toContain(skipLinkLabel);
    expect(text.replace(/\s+/g, ""), path).toContain(`(${href})`);

    await page.emulateMedia({ media: "print" });
    const inked = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((node) => {
          const { color, backgroundColor } = getComputedStyle(node);
          return [color, backgroundColor, node.checkVisibility()];
        });
    expect(await inked("main h1"), path).toEqual(["rgb(0, 0, 0)", "rgb(255, 255, 255)", true]);
    expect((await inked("body > header"))[2], path).toBe(false);
    await page.emulateMedia({ media: null });
  }
});

test("a printed product page keeps each table's heading, caption and header row with its first row, on A4, Letter and A5", async ({
  page,
}, testInfo) => {
  // The product with the most tables, so the most places a page can end.
  const tables = (product: ReturnType<typeof siteProducts>[number]) =>
    specificationTables(product.specifications ?? []).length + (product.approvals?.length ? 1 : 0);
  const products = siteProducts();
  const [product] = products.toSorted((a, b) => tables(b) - tables(a));
  await page.goto(product?.path ?? "");
  // Each table's first row, and what heads it: its section's heading (over the section's first
  // table), its caption and its column headings.
  const heads = await main(page)
    .locator("table")
    .evaluateAll((nodes: HTMLTableElement[]) =>
      nodes.map((table) => {
        const section = table.closest("section");
        const cells = [...(table.tHead?.rows[0]?.cells ?? [])];
        const first = section?.querySelector("table") === table;
        const heading = first ? section?.querySelector("h2") : null;
        return {
          words: [heading, table.caption, ...cells].flatMap((node) => node?.textContent ?? []),
          row: table.tBodies[0]?.rows[0]?.cells[0]?.textContent ?? "",
        };
      }),
    );
  expect(heads.length).toBe(product ? tables(product) : 0);
  for (const format of ["A4", "Letter", "A5"] as const) {
    const pdf = testInfo.outputPath(`${format}.pdf`);
    await page.pdf({ path: pdf, format });
    const sheets = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" })
      .split("\f")
      .map((sheet) => sheet.split("\n").flatMap((line) => line.trim() || []));
    // Where a text starts: its line, or the line that begins it where a narrow column wraps it.
    const starts = (lines: string[], text: string) =>
      lines.some((line) => text === line || text.startsWith(`${line} `));
    for (const { words, row } of heads) {
      const sheet = sheets.find((lines) => starts(lines, row)) ?? [];
      const apart = words.filter((text) => !starts(sheet, text));
      expect(apart, `${format}: over ${row}`).toEqual([]);
    }
  }
});

test("each page type keeps its height within 5% while scrolled from top to bottom", async ({
  page,
}) => {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const path of PAGE_TYPES) {
      await open(page, path);
      const heights = await page.evaluate(heightsWhileScrolled);
      const what = `${path} at ${viewport.width} px: ${heights.join(", ")}`;
      expect.soft(strayOf(heights), what).toBeLessThanOrEqual(HEIGHT_TOLERANCE);
    }
  }
});
