import { headerLinksOf } from "../../app/content/navigation";
import { shellFile, sitePage, sitePages } from "../../app/content/site-content";
import {
  type EngineDriver,
  FIND_IN_PAGE,
  isShown,
  type Target,
  waitFor,
} from "../support/engine-driver";
import { HEIGHT_TOLERANCE, HEIGHTS_IN_PAGE, PAGE_TYPES, strayOf } from "../support/page-height";
import { expectSeenIn } from "../support/seen";
import { DESKTOP, MOBILE } from "../support/widths";
import { sendEnquiryFromContactPage } from "./contact-form";
import { expect, test } from "./engine-test";

// What a visitor does in Firefox and in Safari's engine, at a phone's width and a desktop's:
// the same steps for both engines (engine-test.ts). Checks run in the page, as plain DOM;
// targets are found by role and name (engine-driver.ts), with the words of the content files.

const pages = sitePages();
const { header } = shellFile();
const mainNavigation: Target = { role: "navigation", name: header.navigationLabel };
const menuButton: Target = { role: "button", name: header.menuButtonLabel, in: mainNavigation };
const headerLinks = headerLinksOf(pages);
const headerLink = (href: string): Target => ({
  role: "link",
  name: headerLinks.find((link) => link.href === href)?.label ?? href,
  in: mainNavigation,
});
/** The collapsed menu is open when its links show. */
const menuOpen = isShown(headerLink(headerLinks[0]?.href ?? "/"));
const menuClosed = `return !(() => {${menuOpen}})()`;
const pathIs = (path: string) => `return location.pathname === ${JSON.stringify(path)}
  && document.readyState === "complete"`;

async function open(driver: EngineDriver, path: string, baseURL?: string) {
  await driver.goto(`${baseURL}${path}`);
  await waitFor(driver, pathIs(path), `${path} to load`);
}

for (const viewport of [MOBILE, DESKTOP]) {
  const collapsed = viewport.width === MOBILE.width;

  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("every page renders its heading and title with no page error", async ({
      driver,
      baseURL,
    }) => {
      for (const page of pages) {
        await open(driver, page.path, baseURL);
        const [title, heading, width] = await driver.evaluate<[string, string, number]>(
          `return [document.title, document.querySelector("h1")?.textContent ?? "", innerWidth]`,
        );
        expect(title, page.path).toContain(page.title);
        expect(heading, page.path).not.toBe("");
        expect(width).toBe(viewport.width);
        expect(await driver.pageErrors(), page.path).toEqual([]);
      }
    });

    test(`the skip link is seen on focus; the header's links${collapsed ? ", in the menu that opens and closes," : ""} are shown and navigate`, async ({
      driver,
      baseURL,
    }) => {
      await open(driver, sitePage("home").path, baseURL);
      const skipLink = `document.querySelector('a[href="#main"]')`;
      await driver.evaluate(`${skipLink}.focus()`);
      await expectSeenIn(driver, skipLink, "the skip link");

      expect(await driver.evaluate(isShown(menuButton))).toBe(collapsed);
      if (collapsed) {
        expect(await driver.evaluate(menuOpen)).toBe(false);
        await driver.click(menuButton);
        await waitFor(driver, menuOpen, "the menu to open");
        await expectSeenIn(
          driver,
          `find(${JSON.stringify(mainNavigation)}).querySelector("ul")`,
          "the open menu",
        );
        await driver.click(menuButton);
        await waitFor(driver, menuClosed, "the button to close it");
        await driver.click(menuButton);
        await waitFor(driver, menuOpen, "the menu to open again");
        await driver.pressEscape();
        await waitFor(driver, menuClosed, "Escape to close it");
        await driver.click(menuButton);
        await waitFor(driver, menuOpen, "the menu to open once more");
      }
      expect(headerLinks.length).toBeGreaterThan(0);
      for (const link of headerLinks) {
        expect(await driver.evaluate(isShown(headerLink(link.href))), link.href).toBe(true);
      }
      expect(await driver.pageErrors()).toEqual([]);
      const hardware = sitePage("hardware").path;
      await driver.click(headerLink(hardware));
      await waitFor(driver, pathIs(hardware), "the Hardware page");
      expect(await driver.evaluate(menuOpen)).toBe(!collapsed);
      expect(await driver.pageErrors()).toEqual([]);
    });

    test("on the contact form, a field reached by Tab (the first as its Tab starts the island) is wholly in view, ring and all, below the fixed header; the message box grows with its text", async ({
      driver,
      baseURL,
    }) => {
      const contact = sitePage("contact", "contact");
      await open(driver, contact.path, baseURL);
      const form = `document.querySelector("form")`;
      // Focus on the form's heading, just before it, the first field half below the screen.
      const partlyHidden = await driver.evaluate<boolean>(`
        const heading = document.getElementById(${form}.getAttribute("aria-labelledby"));
        heading.tabIndex = -1;
        heading.focus();
        const field = ${form}.querySelector("input");
        scrollBy(0, field.getBoundingClientRect().bottom - innerHeight - field.offsetHeight / 2);
        const box = field.getBoundingClientRect();
        return box.top < innerHeight && box.bottom > innerHeight;`);
      expect(partlyHidden).toBe(true);
      // Each field of the form in turn, its box and focus ring (3 px and 2 px apart) in view.
      const focusedInView = `const field = document.activeElement;
        const box = field.getBoundingClientRect(), ring = 5;
        const header = document.querySelector("header").getBoundingClientRect().bottom;
        return [field.id || field.textContent, ${form}.contains(field),
          box.top - ring >= header && box.bottom + ring <= innerHeight];`;
      for (let moves = 0; moves < 7; moves++) {
        await driver.pressTab();
        // The first Tab into the form is its first use: the island starts after the focus.
        if (moves === 0) {
          await waitFor(
            driver,
            `return document.querySelector("astro-island")?.dataset.islandState === "ready"`,
            "the island to start on first use",
          );
        }
        const [name, inForm, inView] =
          await driver.evaluate<[string, boolean, boolean]>(focusedInView);
        if (!inForm) break;
        expect(inView, `${name} after ${moves + 1} Tab`).toBe(true);
      }
      const message = { label: contact.file.enquiryForm.labels.message };
      const height = `${FIND_IN_PAGE} return find(${JSON.stringify(message)}).offsetHeight`;
      const before = await driver.evaluate<number>(height);
      await driver.type(message, "Twelve meters and a valve, please. ".repeat(30));
      expect(await driver.evaluate<number>(height)).toBeGreaterThan(before * 1.5);
    });

    test("each page type keeps its height within 5% while scrolled from top to bottom", async ({
      driver,
      baseURL,
    }) => {
      for (const path of PAGE_TYPES) {
        await open(driver, path, baseURL);
        const heights = await driver.evaluate<number[]>(HEIGHTS_IN_PAGE);
        const what = `${path}: ${heights.join(", ")}`;
        expect.soft(strayOf(heights), what).toBeLessThanOrEqual(HEIGHT_TOLERANCE);
      }
    });

    test("the contact form's island starts on first use, and its enquiry reaches the mailbox", async ({
      driver,
      peers,
    }) => {
      await sendEnquiryFromContactPage(driver, peers, `Lerato Dlamini ${viewport.width}`);
    });
  });
}
