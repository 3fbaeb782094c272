import { headerLinksOf, navigationPagesOf } from "../../app/content/navigation";
import * as content from "../../app/content/site-content";
import { AXE_IN_PAGE, expectNoViolations } from "../support/axe";
import { FIND_IN_PAGE, type Target, waitFor } from "../support/engine-driver";
import { AT_BREAKPOINT, MOBILE } from "../support/widths";
import { sendEnquiryFromContactPage } from "./contact-form";
import { expect, test } from "./engine-test";

// A browser without the Popover API (Safari before 17, Firefox before 125, Chrome before 114):
// WebKit with its PopoverAttribute feature switched off. The menu cannot open there, so the
// header must be the plain one: every link in view, no dead button, nothing stuck over the page.
// The contact form's island is served there too.

test.use({ openOptions: { withoutPopover: true }, viewport: MOBILE });

const { header } = content.shellFile();
const mainNavigation: Target = { role: "navigation", name: header.navigationLabel };
const menuButton: Target = { role: "button", name: header.menuButtonLabel, in: mainNavigation };
const headerLinks = headerLinksOf(navigationPagesOf(content));

for (const viewport of [MOBILE, AT_BREAKPOINT]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the header is a plain list of links that scrolls away", async ({ driver, baseURL }) => {
      const hardware = content.sitePage("hardware").path;
      await driver.goto(`${baseURL}${hardware}`);
      expect(
        await driver.evaluate(`return ["popover" in HTMLElement.prototype, innerWidth]`),
      ).toEqual([false, viewport.width]);

      const shownHeader = await driver.evaluate<{
        button: boolean;
        links: string[];
        headingCovered: boolean;
        sideways: boolean;
        scripts: string[];
      }>(`${FIND_IN_PAGE}
      const heading = document.querySelector("h1").getBoundingClientRect();
      const atHeading = document.elementFromPoint(heading.x + 2, heading.y + heading.height / 2);
      return {
        button: shown(find(${JSON.stringify(menuButton)})),
        links: [...find(${JSON.stringify(mainNavigation)}).querySelectorAll("a[href]")]
          .filter(shown)
          .map((link) => nameOf(link)),
        headingCovered: !document.querySelector("h1").contains(atHeading),
        sideways: document.documentElement.scrollWidth > innerWidth,
        scripts: [...document.scripts].map((script) => script.type).filter(
          (type) => type !== "application/ld+json",
        ),
      };
    `);
      expect(shownHeader).toEqual({
        button: false,
        links: headerLinks.map((link) => link.label),
        headingCovered: false,
        sideways: false,
        scripts: [],
      });

      expectNoViolations(await driver.evaluate(AXE_IN_PAGE));

      // Further down the page the header has gone with the text above it.
      const headerBottom = await driver.evaluate<number>(`${FIND_IN_PAGE}
      scrollTo({ top: 800, behavior: "instant" });
      return find(${JSON.stringify(mainNavigation)}).closest("header").getBoundingClientRect().bottom;
    `);
      expect(headerBottom).toBeLessThanOrEqual(0);

      const software = content.sitePage("software");
      await driver.click({ role: "link", name: software.headerLabel ?? "", in: mainNavigation });
      await waitFor(driver, `return location.pathname === "${software.path}"`, "the Software page");
      expect(await driver.pageErrors()).toEqual([]);
    });
  });
}

// The form needs no Popover API; one width shows it.
test("the contact form's island starts on first use, and its enquiry reaches the mailbox", async ({
  driver,
  peers,
}) => {
  await sendEnquiryFromContactPage(driver, peers, "Lerato Dlamini, without popover");
});
