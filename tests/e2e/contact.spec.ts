import { expect, type Page, type Request, test } from "@playwright/test";
import { placeholders, sitePage, siteSettings } from "../../app/content/site-content";
import { enquiryTypeValues } from "../../contract/enquiry";
import { expectNoAxeViolations } from "../support/axe";
import { fillForm, formFields } from "../support/contact-form";
import { startApp, waitForHydration } from "../support/page-ready";
import { PICTURE } from "../support/pictures";
import { expectSeen } from "../support/seen";
import { DESKTOP, MOBILE } from "../support/widths";

// The contact page against the production build: what needs a browser (the island's loading,
// keyboard and focus, what a visitor sees, accessibility). The form's rules are unit tests
// (app/features/contact/enquiry-form.test.tsx); the one real send is insights.spec.ts.
// Here the send is intercepted and Google's script is a stand-in, so nothing leaves the machine.
// The build must be made with VITE_RECAPTCHA_SITE_KEY set (npm test uses "test-site-key").

const contact = sitePage("contact", "contact");
const { formBlock, enquiryForm: form } = contact.file;
const { errors, notifications } = form;
const SUPPORT_EMAIL = siteSettings().VITE_SUPPORT_EMAIL;
/** The island's own module (its component-url), also when Astro's retry asks for it afresh. */
const ISLAND_MODULE = /\/assets\/enquiry-island\.[\w-]+\.js(\?|$)/;
const PROVIDER_URL = "https://www.google.com/recaptcha/api.js";
const SITE_KEY = process.env.VITE_RECAPTCHA_SITE_KEY || "test-site-key";
const PROVIDER_SCRIPT = `${PROVIDER_URL}?render=${encodeURIComponent(SITE_KEY)}`;
/** The reference the stand-in service gives each enquiry, as the service's 201 carries it. */
const REFERENCE = "0F8C2A4E";

const VALUES = {
  name: "Thandi Nkosi",
  phone: "0821234567",
  email: "thandi@example.co.za",
  enquiry: "support",
  message: "Please show us the meters.\nWe manage 40 units.",
} as const;

type ContactPage = { sends: Request[]; consoleErrors: string[]; answer: "ok" | "500" };

/** Opens the contact page with a stand-in for Google's script and the send answered here. */
async function openContact(
  page: Page,
  { answer = "ok", start = true }: { answer?: ContactPage["answer"]; start?: boolean } = {},
): Promise<ContactPage> {
  const state: ContactPage = { sends: [], consoleErrors: [], answer };
  page.on("console", (message) => {
    if (message.type() === "error") state.consoleErrors.push(message.text());
  });
  await page.route(`${PROVIDER_URL}*`, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: "window.grecaptcha={ready:(f)=>setTimeout(f,0),execute:()=>Promise.resolve('t')};",
    }),
  );
  await page.route("**/api/Comms/ValidateEmailTokens", (route) => {
    state.sends.push(route.request());
    const ok = state.answer === "ok";
    const id = "0f8c2a4e-1111-4222-8333-944455556666";
    return route.fulfill({
      status: ok ? 201 : 500,
      json: ok ? { id, reference: REFERENCE } : { error: "boom" },
    });
  });
  await page.goto(contact.path);
  if (start) await startApp(page);
  return state;
}

/** The island's state as its loader (app/features/contact/first-use.ts) sets it. */
const island = (page: Page) => page.locator("astro-island[data-island-state]");

/** The island's two files as the page names them: its component and React's renderer. */
async function islandFiles(page: Page): Promise<string[]> {
  const urls = await island(page).evaluate((element) =>
    ["component-url", "renderer-url"].map((name) => element.getAttribute(name) ?? ""),
  );
  for (const url of urls) expect(url).toMatch(/^\/assets\/[\w.-]+\.js$/);
  return urls.toSorted();
}

const theForm = (page: Page) => page.getByRole("form", { name: formBlock.heading, exact: true });
const formHeading = (page: Page) =>
  page.getByRole("heading", { level: 2, name: formBlock.heading, exact: true });
const submit = (page: Page) =>
  page
    .getByRole("button", { name: form.submit.idle })
    .or(page.getByRole("button", { name: form.submit.busy }));
/** The notification with this message, in the live region notifications are announced in. */
const notification = (page: Page, text: string) =>
  page
    .getByRole("region", { name: notifications.regionLabel, exact: true })
    .locator("[data-type]", { hasText: text });
const fillValid = (page: Page) => fillForm(page, VALUES);

async function valuesOnScreen(page: Page) {
  const entries = Object.entries(formFields(page)).map(async ([name, field]) => [
    name,
    await field.inputValue(),
  ]);
  return Object.fromEntries(await Promise.all(entries));
}

async function expectErrorShown(page: Page, field: keyof typeof VALUES, message: string) {
  const input = formFields(page)[field];
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

/** The mailto the failure message offers carries what was typed (its format: unit tests). */
async function expectEmailOffered(page: Page) {
  const link = page.getByRole("link", { name: form.emailInstead.link, exact: true });
  const href = new URL((await link.getAttribute("href")) ?? "");
  expect(`${href.protocol}${href.pathname}`).toBe(`mailto:${SUPPORT_EMAIL}`);
  for (const value of [VALUES.name, VALUES.phone, VALUES.email]) {
    expect(href.searchParams.get("body")).toContain(value);
  }
  return link;
}

/**
 * Whether the form is near the screen, as the island's loader would find it: asked once the page
 * has painted, so the loader's own observer, set up then, has answered first.
 */
const formNearTheScreen = (page: Page) =>
  theForm(page).evaluate(
    (form) =>
      new Promise<boolean>((resolve) => {
        const painted = new PerformanceObserver((entries) => {
          if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
          painted.disconnect();
          const near = new IntersectionObserver(
            ([entry]) => {
              near.disconnect();
              resolve(entry?.isIntersecting ?? false);
            },
            { rootMargin: "50% 0px" },
          );
          near.observe(form);
        });
        const observe = () => painted.observe({ type: "paint", buffered: true });
        if (document.readyState === "complete") observe();
        else addEventListener("load", observe, { once: true });
      }),
  );

test.describe("contact page", () => {
  test("can be started, completed and sent with the keyboard alone, moving to what is missing", async ({
    page,
  }) => {
    // Not started by the test: the keyboard's first focus in the form starts it.
    const contactPage = await openContact(page, { start: false });
    const f = formFields(page);
    for (let presses = 0; presses < 30; presses++) {
      if (await f.name.evaluate((input) => input === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(f.name).toBeFocused();
    await page.keyboard.type(VALUES.name);
    await page.keyboard.press("Tab");
    await expect(f.phone).toBeFocused();
    await page.keyboard.type(VALUES.phone);
    await waitForHydration(page);
    // Send is unavailable yet reachable by Tab; pressed, it moves to the first field missing,
    // which comes into view with its error below it.
    for (let field = 0; field < 4; field++) await page.keyboard.press("Tab");
    await expect(submit(page)).toBeFocused();
    await expect(submit(page)).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    await expect(f.email).toBeFocused();
    await expectErrorShown(page, "email", errors.email.missing);
    await expectSeen(page.locator("#enquiry-email-error"), "the email's error");

    await page.keyboard.type(VALUES.email);
    await page.keyboard.press("Tab");
    await expect(f.enquiry).toBeFocused();
    // The arrow keys step through the options (the prompt is disabled, so skipped).
    for (let step = 0; step <= enquiryTypeValues.indexOf(VALUES.enquiry); step++) {
      await page.keyboard.press("ArrowDown");
    }
    await expect(f.enquiry).toHaveValue(VALUES.enquiry);
    await page.keyboard.press("Tab");
    await expect(f.message).toBeFocused();
    const [firstLine = "", secondLine = ""] = VALUES.message.split("\n");
    await page.keyboard.type(firstLine);
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type(secondLine);
    await page.keyboard.press("Tab");
    await expect(submit(page)).toBeFocused();
    await page.keyboard.press("Enter");

    await expectSeen(notification(page, notifications.success), "the success notice");
    expect(contactPage.sends.map((send) => send.postDataJSON())).toEqual([
      expect.objectContaining(VALUES),
    ]);
    // The button is unavailable again, and keeps focus.
    await expect(submit(page)).toBeFocused();
    await expect(submit(page)).toHaveAttribute("aria-disabled", "true");
  });

  test("fetches the island's two files in one round trip as the form nears the screen, at most 80 KiB brotli; runs it on first use, asking nothing off the site but the bot check then", async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 300 });
    const scripts: Request[] = [];
    const offSite: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL ?? "").origin) offSite.push(url.href);
      else if (request.resourceType() === "script") scripts.push(request);
    });
    const fetched = () => scripts.map((request) => new URL(request.url()).pathname).toSorted();
    // Neither file is answered until both are asked for: had one file to arrive before the
    // other is known (a chunk found only in the first), the second would never be asked for,
    // and the island would never start.
    let asked = 0;
    let answer = () => {};
    const bothAsked = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(/\/assets\/[\w.-]+\.js(\?|$)/, async (route) => {
      if (++asked === 2) answer();
      await bothAsked;
      await route.continue();
    });
    await openContact(page, { start: false });
    expect(await formNearTheScreen(page)).toBe(false);
    expect(scripts, "nothing before the form nears the screen").toEqual([]);
    await expect(island(page)).toHaveAttribute("data-island-state", "waiting");
    const files = await islandFiles(page);

    await formHeading(page).scrollIntoViewIfNeeded();
    await expect.poll(fetched).toEqual(files);
    await page.waitForLoadState("networkidle");
    // Fetched, not run: reading the form is not using it (a use would start it at once).
    await formHeading(page).click();
    await expect(island(page)).toHaveAttribute("data-island-state", "waiting");
    expect(offSite, "nothing off the site while the form is only read").toEqual([]);

    await formFields(page).name.focus();
    await waitForHydration(page);
    await fillValid(page);
    await submit(page).click();
    await expect(notification(page, notifications.success)).toBeVisible();
    expect(offSite).toEqual([PROVIDER_SCRIPT]);
    // Each file fetched once, the first use finding them there; no third file (a chunk the two
    // import).
    expect(fetched()).toEqual(files);
    let bytes = 0;
    for (const request of scripts) {
      const response = await request.response();
      expect(await response?.headerValue("content-encoding"), request.url()).toBe("br");
      bytes += (await request.sizes()).responseBodySize;
    }
    expect(bytes).toBeGreaterThan(0);
    expect(bytes, "issue 33's budget, brotli-compressed").toBeLessThanOrEqual(80 * 1024);
  });

  for (const [connection, saving] of [
    ["Save-Data", { saveData: true, effectiveType: "4g" }],
    ["a 2G connection", { saveData: false, effectiveType: "2g" }],
  ] as const) {
    test(`fetches nothing ahead under ${connection}, and still starts on first use`, async ({
      page,
    }) => {
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, "connection", { get: () => value });
      }, saving);
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await openContact(page, { start: false });
      await formHeading(page).scrollIntoViewIfNeeded();
      expect(await formNearTheScreen(page)).toBe(true);
      expect(scripts).toEqual([]);
      await startApp(page);
      expect(scripts.filter((path) => path.startsWith("/assets/")).toSorted()).toEqual(
        await islandFiles(page),
      );
    });
  }

  test("keeps what was typed before the island started, keystroke by keystroke, and shows the errors of fields left", async ({
    page,
  }) => {
    let releaseApp = () => {};
    const held = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await page.route(ISLAND_MODULE, async (route) => {
      await held;
      await route.continue();
    });
    const contactPage = await openContact(page, { start: false });
    const f = formFields(page);
    await expect(submit(page)).toBeDisabled();
    await f.email.focus(); // left empty
    await f.phone.fill("082 abc"); // left with a wrong number
    await f.enquiry.selectOption(VALUES.enquiry);
    await f.message.fill(VALUES.message);
    await f.name.click();
    await page.keyboard.type(VALUES.name.slice(0, 6));
    await expect(island(page)).toHaveAttribute("data-island-state", "loading");
    await expect(submit(page)).toBeDisabled();

    releaseApp();
    // Typing on while the island takes the field over loses no key.
    await page.keyboard.type(VALUES.name.slice(6), { delay: 20 });
    await waitForHydration(page);
    await page.keyboard.type("!");
    expect(await valuesOnScreen(page)).toEqual({
      ...VALUES,
      name: `${VALUES.name}!`,
      phone: "082 abc",
      email: "",
    });
    await expectErrorShown(page, "phone", errors.phone.notDigits);
    await expectErrorShown(page, "email", errors.email.missing);
    // Still in the name field: not left yet.
    await expect(f.name).not.toHaveAttribute("aria-invalid");
    await expect(page.locator(`script[src="${PROVIDER_SCRIPT}"]`)).toHaveCount(1);

    await f.phone.fill(VALUES.phone);
    await f.email.fill(VALUES.email);
    await expect(submit(page)).toBeEnabled();
    expect(contactPage.consoleErrors).toEqual([]);
  });

  for (const how of ["cannot load", "never answers"] as const) {
    test(`if the island ${how}: says so within 10 s of first use, keeps what was typed, offers it by email${how === "cannot load" ? ", and retries" : ""}`, async ({
      page,
    }) => {
      // Refused, or held for good so that it neither arrives nor fails.
      let islandReachable = false;
      await page.route(ISLAND_MODULE, (route) =>
        islandReachable ? route.continue() : how === "cannot load" ? route.abort() : undefined,
      );
      const contactPage = await openContact(page, { start: false });
      await fillValid(page);
      if (how === "never answers") {
        await expect(island(page)).toHaveAttribute("data-island-state", "loading");
      }
      const failure = page.getByText(form.startFailure);
      await expect(failure).toBeVisible({ timeout: 12_000 });
      await expectSeen(failure, "the message that the form could not start");
      await expect(island(page)).toHaveAttribute("data-island-state", "failed");
      expect(contactPage.consoleErrors.join("\n")).toContain("could not start");
      expect(await valuesOnScreen(page)).toEqual(VALUES);
      await expectSeen(await expectEmailOffered(page), "its link to send the enquiry by email");
      await expectNoAxeViolations(page);
      if (how === "never answers") return;

      // The connection is back; the next use of the form loads the island afresh.
      islandReachable = true;
      await formFields(page).name.click();
      await waitForHydration(page);
      await expect(failure).toHaveCount(0);
      expect(await valuesOnScreen(page)).toEqual(VALUES);
      await submit(page).click();
      await expect(notification(page, notifications.success)).toBeVisible();
      expect(contactPage.sends).toHaveLength(1);
    });
  }
});

test("without JavaScript, the contact page says plainly how to reach us instead, next to the form", async ({
  browser,
}) => {
  const page = await browser.newPage({ javaScriptEnabled: false });
  await page.goto(contact.path);
  // Playwright's text matching skips <noscript>, so the statement is found by its link.
  const link = page.getByRole("link", { name: SUPPORT_EMAIL, exact: true });
  const statement = page.getByRole("paragraph").filter({ has: link });
  await expect(statement).toBeVisible();
  for (const part of [form.noScript.before, placeholders().companyName, form.noScript.between]) {
    await expect(statement).toContainText(part);
  }
  await expect(link).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
  // Next to the form: between the block's heading and the form's first field.
  const heading = await formHeading(page).boundingBox();
  const box = await statement.boundingBox();
  const firstField = await formFields(page).name.boundingBox();
  expect(heading && box && firstField && heading.y < box.y && box.y < firstField.y).toBe(true);
  await page.close();
});

test("the notice is seen at every width from 320 to 1440 px", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openContact(page, { answer: "500" });
  await fillValid(page);
  await submit(page).click();
  const notice = notification(page, notifications.error);
  await expectSeen(notice, "the error notice at 1440 px");
  // Keyboard focus on its Close action holds it while the window narrows.
  await notice.getByRole("button", { name: notifications.close, exact: true }).focus();
  for (let width = 1400; width >= 320; width -= 40) {
    await page.setViewportSize({ width, height: width < 768 ? 640 : 900 });
    await expectSeen(notice, `the error notice at ${width} px`);
  }
});

for (const viewport of [MOBILE, DESKTOP]) {
  test(`at ${viewport.width} px the notice of each send, by click or by Enter, is seen and stays put while the page scrolls; then its outcome stays under Send`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const contactPage = await openContact(page);
    for (const [answer, how, text] of [
      ["ok", "click", notifications.success],
      ["500", "Enter", notifications.error],
      ["ok", "Enter", notifications.success],
      ["500", "click", notifications.error],
    ] as const) {
      const what = `the ${answer === "ok" ? "success" : "error"} notice after a ${how}`;
      contactPage.answer = answer;
      await fillValid(page);
      if (how === "click") await submit(page).click();
      else await formFields(page).email.press("Enter");
      const notice = notification(page, text);
      await expectSeen(notice, what);
      if (answer === "500") {
        const link = notice.getByRole("link", { name: form.emailInstead.link, exact: true });
        await expectSeen(link, `the link to send it by email instead, in ${what}`);
      }
      // The pointer rests on it, which holds it, while the page scrolls under it.
      const place = await notice.boundingBox();
      if (!place) throw new Error(`${what} has no box`);
      await page.mouse.move(place.x + place.width / 2, place.y + place.height / 2);
      for (const top of [0, 100_000]) {
        await page.evaluate((y) => scrollTo({ top: y, behavior: "instant" }), top);
        await expectSeen(notice, `${what}, scrolled to ${top}`);
        expect(await notice.boundingBox()).toEqual(place);
      }
      await notice.getByRole("button", { name: notifications.close, exact: true }).click();
      await expect(notice).toHaveCount(0);

      // What stays under the Send button once the notice is gone, until the next send.
      const outcome = theForm(page).getByRole("status");
      await outcome.scrollIntoViewIfNeeded();
      await expectSeen(outcome, `the line under the Send button after ${what}`);
      if (answer === "500") {
        await expect(outcome).toContainText(form.outcome.failed);
        const email = outcome.getByRole("link", { name: form.outcome.email, exact: true });
        await expectSeen(email, `the link to email what was typed, after ${what}`);
        await expect(email).toHaveAttribute("href", new RegExp(`^mailto:${SUPPORT_EMAIL}\\?`));
      } else {
        const reference = form.outcome.reference.replace("{reference}", REFERENCE);
        await expect(outcome).toHaveText(`${form.outcome.received} ${reference}`);
      }
    }
  });

  test(`at ${viewport.width} px the message box grows from six rows with its text, and the page has no WCAG 2.2 AA violations, blank, with errors and with a notification`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openContact(page, { answer: "500" });
    const { message } = formFields(page);
    const size = () =>
      message.evaluate((box) => ({
        height: box.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(getComputedStyle(box).lineHeight),
        overflows: box.scrollHeight > box.clientHeight + 1,
      }));
    const empty = await size();
    expect(empty.height).toBeGreaterThanOrEqual(6 * empty.lineHeight);
    await message.fill(Array.from({ length: 14 }, (_, i) => `Line ${i + 1}`).join("\n"));
    const full = await size();
    expect(full.height).toBeGreaterThanOrEqual(14 * full.lineHeight);
    expect(full.overflows).toBe(false);
    await message.fill("");
    expect((await size()).height).toBeCloseTo(empty.height, 0);

    const illustration = page
      .getByRole("region", { name: formBlock.heading, exact: true })
      // The banner above has the same name, in the same casing: the block is the one with the form.
      .filter({ has: page.locator("form") })
      .locator(PICTURE)
      .first();
    // The block's pictures are for wide screens only.
    await expect(illustration).toBeVisible({ visible: viewport.width > 768 });
    await expectNoAxeViolations(page);

    await theForm(page).evaluate((element) => (element as HTMLFormElement).requestSubmit());
    await expectErrorShown(page, "name", errors.name.missing);
    await expectNoAxeViolations(page);

    await fillValid(page);
    await submit(page).click();
    // Let the entrance animation finish, so contrast is measured at full opacity.
    await expect(notification(page, notifications.error)).toHaveCSS("opacity", "1");
    await expectNoAxeViolations(page);
  });
}
