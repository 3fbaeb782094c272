import { headerLinks, sitePage } from "../../app/content/pages";
import { type AxeViolation, axeSource, describeViolations, WCAG_22_AA } from "../support/axe";
import { waitFor } from "../support/engine-driver";
import { AT_BREAKPOINT, MOBILE } from "../support/widths";
import { expect, test } from "./engine-test";

// A browser without the Popover API (Safari before 17, Firefox before 125, Chrome before 114):
// WebKit with its PopoverAttribute feature switched off. The menu cannot open there, so the
// header must be the plain one: every link in view, no dead button, nothing stuck over the page.

test.use({ openOptions: { withoutPopover: true } });

for (const viewport of [MOBILE, AT_BREAKPOINT]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the header is a plain list of links that scrolls away", async ({ driver, baseURL }) => {
      const hardware = sitePage("hardware").path;
      await driver.goto(`${baseURL}${hardware}`);
      expect(
        await driver.evaluate(`return ["popover" in HTMLElement.prototype, innerWidth]`),
      ).toEqual([false, viewport.width]);

      const header = await driver.evaluate<{
        button: boolean;
        links: number;
        headingCovered: boolean;
        sideways: boolean;
        scripts: string[];
      }>(`
      const shown = (element) => !!element && element.getClientRects().length > 0
        && getComputedStyle(element).visibility !== "hidden";
      const heading = document.querySelector("h1").getBoundingClientRect();
      const atHeading = document.elementFromPoint(heading.x + 2, heading.y + heading.height / 2);
      return {
        button: shown(document.querySelector("header button")),
        links: [...document.querySelectorAll("header nav a")].filter(shown).length,
        headingCovered: !document.querySelector("h1").contains(atHeading),
        sideways: document.documentElement.scrollWidth > innerWidth,
        scripts: [...document.scripts].map((script) => script.type).filter(
          (type) => type !== "application/ld+json",
        ),
      };
    `);
      expect(header).toEqual({
        button: false,
        links: headerLinks.length,
        headingCovered: false,
        sideways: false,
        scripts: [],
      });

      const violations = await driver.evaluate<AxeViolation[]>(`${axeSource}
      const result = await axe.run(document, {
        runOnly: { type: "tag", values: ${JSON.stringify(WCAG_22_AA)} },
      });
      return result.violations;`);
      expect(describeViolations(violations)).toEqual([]);

      // Further down the page the header has gone with the text above it.
      const headerBottom = await driver.evaluate<number>(`
      scrollTo({ top: 800, behavior: "instant" });
      return document.querySelector("header").getBoundingClientRect().bottom;
    `);
      expect(headerBottom).toBeLessThanOrEqual(0);

      const software = sitePage("software").path;
      await driver.click(`header nav a[href="${software}"]`);
      await waitFor(driver, `return location.pathname === "${software}"`, "the Software page");
      expect(await driver.pageErrors()).toEqual([]);
    });
  });
}
