import contactPages from "virtual:content/contact";
import { headerLinks, sitePage, sitePages } from "../../app/content/pages";
import { type EngineDriver, waitFor } from "../support/engine-driver";
import { type EnquiryPeers, startEnquiryPeers } from "../support/enquiry-peers";
import { DESKTOP, MOBILE } from "../support/widths";
import { expect, test } from "./engine-test";

const { success } = contactPages.contact.enquiryForm.notifications;

// What a visitor does in Firefox and in Safari's engine, at a phone's width and a desktop's:
// the same steps for both engines (engine-test.ts). Checks run in the page, as plain DOM.

const MENU = "#site-menu";
const MENU_BUTTON = 'header button[popovertarget="site-menu"]';
const headerLink = (path: string) => `header nav a[href="${path}"]`;
/** Shown: laid out and not hidden by style. */
const isShown = (selector: string) => `{
  const element = document.querySelector(${JSON.stringify(selector)});
  return !!element && element.getClientRects().length > 0
    && getComputedStyle(element).visibility !== "hidden";
}`;
const pathIs = (path: string) => `return location.pathname === ${JSON.stringify(path)}
  && document.readyState === "complete"`;

async function open(driver: EngineDriver, path: string, baseURL: string) {
  await driver.goto(`${baseURL}${path}`);
  await waitFor(driver, pathIs(path), `${path} to load`);
}

async function expectNoPageErrors(driver: EngineDriver) {
  expect(await driver.pageErrors()).toEqual([]);
}

let peers: EnquiryPeers | undefined;
test.afterAll(async () => {
  await peers?.close();
});

for (const viewport of [MOBILE, DESKTOP]) {
  const collapsed = viewport.width === MOBILE.width;

  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("every page renders its heading and title with no console error", async ({
      driver,
      baseURL,
    }) => {
      for (const page of sitePages) {
        await open(driver, page.path, `${baseURL}`);
        const [title, heading, width] = await driver.evaluate<[string, string, number]>(
          `return [document.title, document.querySelector("h1")?.textContent ?? "", innerWidth]`,
        );
        expect(title, page.path).toContain(page.title);
        expect(heading, page.path).not.toBe("");
        expect(width).toBe(viewport.width);
        expect(await driver.pageErrors(), page.path).toEqual([]);
      }
    });

    if (collapsed) {
      test("the menu opens, closes with its button and with Escape, and navigates", async ({
        driver,
        baseURL,
      }) => {
        await open(driver, "/", `${baseURL}`);
        expect(await driver.evaluate(isShown(MENU))).toBe(false);
        await driver.click(MENU_BUTTON);
        await waitFor(driver, isShown(MENU), "the menu to open");
        await driver.click(MENU_BUTTON);
        await waitFor(driver, `return !(() => ${isShown(MENU)})()`, "the button to close it");

        await driver.click(MENU_BUTTON);
        await waitFor(driver, isShown(MENU), "the menu to open again");
        await driver.pressEscape();
        await waitFor(driver, `return !(() => ${isShown(MENU)})()`, "Escape to close it");

        const hardware = sitePage("hardware").path;
        await driver.click(MENU_BUTTON);
        await waitFor(driver, isShown(MENU), "the menu to open once more");
        await expectNoPageErrors(driver);
        await driver.click(headerLink(hardware));
        await waitFor(driver, pathIs(hardware), "the Hardware page");
        expect(await driver.evaluate(isShown(MENU))).toBe(false);
        await expectNoPageErrors(driver);
      });
    } else {
      test("the header shows every link, no menu button, and its links navigate", async ({
        driver,
        baseURL,
      }) => {
        await open(driver, "/", `${baseURL}`);
        expect(await driver.evaluate(isShown(MENU_BUTTON))).toBe(false);
        for (const link of headerLinks) {
          expect(await driver.evaluate(isShown(headerLink(link.to))), link.to).toBe(true);
        }
        await expectNoPageErrors(driver);
        const software = sitePage("software").path;
        await driver.click(headerLink(software));
        await waitFor(driver, pathIs(software), "the Software page");
        await expectNoPageErrors(driver);
      });
    }

    test("an enquiry sent from the contact form reaches the mailbox", async ({ driver }) => {
      peers ??= await startEnquiryPeers();
      const { service, smtp, verifier } = peers;
      const mailsBefore = smtp.received.length;
      const checksBefore = verifier.requests.length;
      await open(driver, sitePage("contact").path, service.baseUrl);

      const name = `Lerato Dlamini ${viewport.width}`;
      await driver.type('form [name="name"]', name);
      await driver.type('form [name="phone"]', "0831234567");
      await driver.type('form [name="email"]', "lerato@example.co.za");
      await driver.choose('form [name="enquiry"]', "consultation");
      await driver.type('form [name="message"]', "Quote for 12 meters & valves, please.");
      await waitFor(
        driver,
        `return document.querySelector('form button[type="submit"]')?.disabled === false`,
        "Send to be enabled",
      );
      await driver.click('form button[type="submit"]');
      await waitFor(
        driver,
        `return document.body.innerText.includes(${JSON.stringify(success)})`,
        "the success notification",
        15_000,
      );
      await expectNoPageErrors(driver);

      expect(verifier.requests.length - checksBefore).toBe(1);
      await expect
        .poll(() => smtp.received.length - mailsBefore, { timeout: 10_000, message: "the mail" })
        .toBe(1);
      const mail = smtp.received.at(-1);
      expect(mail?.to).toEqual(["sales@amanzi.example"]);
      expect(mail?.html).toContain(name);
      expect(mail?.text).toContain("Quote for 12 meters & valves, please.");
    });

    test("an unknown path lands on home", async ({ driver, baseURL }) => {
      await driver.goto(`${baseURL}/no/such/page`);
      await waitFor(driver, pathIs("/"), "home");
      expect(await driver.evaluate<string>("return document.title")).toContain(
        sitePage("home").title,
      );
      await expectNoPageErrors(driver);
    });
  });
}
