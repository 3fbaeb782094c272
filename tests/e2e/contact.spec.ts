import { expect, type Locator, type Page, type Request, test } from "@playwright/test";
import {
  placeholders,
  shellFile,
  sitePage,
  sitePages,
  siteSettings,
} from "../../app/content/site-content";
import { enquiryTypeValues } from "../../contract/enquiry";
import { expectNoAxeViolations } from "../support/axe";
import { fillForm, formFields } from "../support/contact-form";
import { startApp, waitForHydration } from "../support/page-ready";
import { PICTURE } from "../support/pictures";
import { expectSeen } from "../support/seen";
import { DESKTOP, MOBILE } from "../support/widths";

// The contact page against the production build. The send call is intercepted and Google's
// script is replaced by a stand-in, so nothing leaves the machine. The build must be made with
// VITE_RECAPTCHA_SITE_KEY set (npm test uses "test-site-key"); the no-key path is covered by
// the component tests. Every word compared comes from the content files.

const SITE_KEY = process.env.VITE_RECAPTCHA_SITE_KEY || "test-site-key";
const contact = sitePage("contact", "contact");
const shell = shellFile();
const { formBlock, enquiryForm: form } = contact.file;
const { labels, errors, notifications } = form;
const COMPANY_NAME = placeholders.companyName;
const SUPPORT_EMAIL = siteSettings.VITE_SUPPORT_EMAIL;
const SEND_URL = "**/api/Comms/ValidateEmailTokens";
/** The island's own module (its component-url), also when Astro's retry asks for it afresh. */
const ISLAND_MODULE = /\/assets\/enquiry-island\.[\w-]+\.js(\?|$)/;
const PROVIDER_URL = "https://www.google.com/recaptcha/api.js";
/** The island's JavaScript may weigh this much, brotli-compressed (issue 33). */
const ISLAND_BUDGET_BYTES = 80 * 1024;

const VALUES = {
  name: "Thandi Nkosi",
  phone: "0821234567",
  email: "thandi@example.co.za",
  enquiry: "support",
  message: "Please show us the meters.\nWe manage 40 units.",
} as const;

type Provider = "answers" | "refuses" | "unreachable";
type SendAnswer = "ok" | "500" | "network" | "hang";

/** What Google's api.js defines: ready(), then execute() per token. Calls are recorded. */
function standInProvider(mode: Provider): string {
  return `(() => {
    const calls = (window.__botCheckCalls = []);
    window.grecaptcha = {
      ready(callback) { setTimeout(callback, 0); },
      execute(siteKey, options) {
        calls.push({ siteKey, action: options && options.action });
        return ${mode === "refuses"}
          ? Promise.reject(new Error("stand-in provider refused"))
          : Promise.resolve("stand-in-token-" + calls.length);
      },
    };
  })();`;
}

type ContactPage = {
  sends: Request[];
  consoleErrors: string[];
  setSendAnswer(answer: SendAnswer): void;
};

async function openContact(
  page: Page,
  {
    provider = "answers",
    send = "ok",
    start = true,
  }: { provider?: Provider; send?: SendAnswer; start?: boolean } = {},
): Promise<ContactPage> {
  const state: ContactPage = {
    sends: [],
    consoleErrors: [],
    setSendAnswer(answer) {
      send = answer;
    },
  };
  page.on("console", (message) => {
    if (message.type() === "error") state.consoleErrors.push(message.text());
  });
  await page.route(`${PROVIDER_URL}*`, (route) =>
    provider === "unreachable"
      ? route.abort("failed")
      : route.fulfill({ contentType: "text/javascript", body: standInProvider(provider) }),
  );
  await page.route(SEND_URL, async (route) => {
    state.sends.push(route.request());
    if (send === "network") return route.abort("failed");
    if (send === "hang") return; // left unanswered: the page stays busy
    return route.fulfill({
      status: send === "500" ? 500 : 200,
      contentType: "application/json",
      body: send === "500" ? '{"error":"boom"}' : '{"ok":true}',
    });
  });
  await page.goto(contact.path);
  if (!start) return state;
  await startApp(page);
  // Google's script waits for the visitor's first interaction with the form.
  await expect(page.locator(`script[src^="${PROVIDER_URL}"]`)).toHaveCount(0);
  return state;
}

/** Holds the island's module back until the returned function is called. */
async function holdIslandBack(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(ISLAND_MODULE, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The island's state as its loader (app/features/contact/first-use.ts) sets it. */
const island = (page: Page) => page.locator("astro-island[data-island-state]");

/** The island's two files as the page names them: its component and React's renderer. */
async function islandFiles(page: Page): Promise<string[]> {
  const urls = await island(page).evaluate((element) =>
    ["component-url", "renderer-url"].map((name) => element.getAttribute(name) ?? ""),
  );
  for (const url of urls) expect(url).toMatch(/^\/assets\/[\w.-]+\.js$/);
  return urls;
}

/** Google's script as the page has it, once an interaction has asked for it. */
async function expectProviderScriptRequested(page: Page) {
  await expect(
    page.locator(`script[src^="${PROVIDER_URL}"]`),
    "the browser tests need a build made with VITE_RECAPTCHA_SITE_KEY set (npm test uses test-site-key)",
  ).toHaveAttribute("src", `${PROVIDER_URL}?render=${encodeURIComponent(SITE_KEY)}`);
}

const theForm = (page: Page) => page.getByRole("form", { name: formBlock.heading, exact: true });
const submit = (page: Page) =>
  page
    .getByRole("button", { name: form.submit.idle })
    .or(page.getByRole("button", { name: form.submit.busy }));
/** The live region the form's notifications are announced in. */
const notificationRegion = (page: Page) =>
  page.getByRole("region", { name: notifications.regionLabel, exact: true });
/** The notification with this message; `data-type` is its kind (success or error). */
const notification = (page: Page, text: string) =>
  notificationRegion(page).locator("[data-type]", { hasText: text });
const SUCCESS = notifications.success;
const FAILURE = notifications.error;

const fillValid = (page: Page) => fillForm(page, VALUES);

async function valuesOnScreen(page: Page) {
  const f = formFields(page);
  return {
    name: await f.name.inputValue(),
    phone: await f.phone.inputValue(),
    email: await f.email.inputValue(),
    enquiry: await f.enquiry.inputValue(),
    message: await f.message.inputValue(),
  };
}

async function expectErrorShown(page: Page, field: keyof typeof VALUES, message: string) {
  const input = formFields(page)[field];
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

async function expectNoErrorShown(page: Page, field: keyof typeof VALUES) {
  await expect(formFields(page)[field]).not.toHaveAttribute("aria-invalid");
}

/** The enquiry as the mailto fallback writes it: each label, then what was typed or chosen. */
const emailBody = (values: typeof VALUES) =>
  [
    `${labels.name}: ${values.name}`,
    `${labels.phone}: ${values.phone}`,
    `${labels.email}: ${values.email}`,
    `${labels.enquiry}: ${form.enquiryTypes[values.enquiry]}`,
    `${labels.message}: ${values.message.replace("\n", "\r\n")}`,
  ].join("\r\n");

async function expectEmailLink(link: Locator) {
  const href = new URL((await link.getAttribute("href")) ?? "");
  expect(`${href.protocol}${href.pathname}`).toBe(`mailto:${SUPPORT_EMAIL}`);
  expect(href.searchParams.get("subject")).toBe(form.emailInstead.subject);
  expect(href.searchParams.get("body")).toBe(emailBody(VALUES));
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

/** The live region an element is announced in, and how urgently. */
const liveness = (locator: Locator) =>
  locator.evaluate((element) => element.closest("[aria-live]")?.getAttribute("aria-live"));

test.describe("contact page", () => {
  test("grows the message box with its text, from six rows", async ({ page }) => {
    await openContact(page);
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
  });

  test("can be started, completed and sent with the keyboard alone", async ({ page }) => {
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
    await page.keyboard.press("Tab");
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
    const [firstLine, secondLine] = VALUES.message.split("\n");
    await page.keyboard.type(firstLine ?? "");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type(secondLine ?? "");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    await expect(submit(page)).toBeFocused();
    await page.keyboard.press("Enter");

    await expectSeen(notification(page, SUCCESS), "the success notice");
    expect(contactPage.sends[0]?.postDataJSON()).toMatchObject(VALUES);
    // The button is unavailable again, and keeps focus.
    await expect(submit(page)).toBeFocused();
    await expect(submit(page)).toHaveAttribute("aria-disabled", "true");
  });

  test("says what is missing when Send is pressed on an incomplete form, and moves to it", async ({
    page,
  }) => {
    const contactPage = await openContact(page);
    const f = formFields(page);
    await f.name.fill(VALUES.name);
    await f.phone.fill(VALUES.phone);
    // Unavailable, yet reachable by Tab.
    await f.phone.focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(submit(page)).toBeFocused();
    await expect(submit(page)).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    await expect(f.email).toBeFocused();
    // Moved to, the first field comes into view with its error below it.
    await expectSeen(page.locator("#enquiry-email-error"), "the email's error");
    for (const [name, message] of [
      ["email", errors.email.missing],
      ["enquiry", errors.enquiry.notChosen],
      ["message", errors.message.missing],
    ] as const) {
      await expectErrorShown(page, name, message);
      const error = page.locator(
        `#${await formFields(page)[name].getAttribute("aria-describedby")}`,
      );
      await error.scrollIntoViewIfNeeded();
      await expectSeen(error, `the ${name} error`);
    }
    expect(contactPage.sends).toEqual([]);
  });

  test("fetches the island when the form nears the screen, and runs it and Google's script on first use", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 300 });
    const requested: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.href.startsWith(PROVIDER_URL) || url.pathname.endsWith(".js"))
        requested.push(url.href);
    });
    await openContact(page, { start: false });
    expect(await formNearTheScreen(page)).toBe(false);
    expect(requested, "nothing before the form nears the screen").toEqual([]);
    await expect(island(page)).toHaveAttribute("data-island-state", "waiting");
    const files = await islandFiles(page);
    const islandRequests = () =>
      requested.filter((href) => !href.startsWith(PROVIDER_URL)).map((href) => new URL(href));

    const heading = page.getByRole("heading", { level: 2, name: formBlock.heading, exact: true });
    await heading.scrollIntoViewIfNeeded();
    await expect
      .poll(() => islandRequests().map((url) => url.pathname))
      .toEqual(expect.arrayContaining(files));
    await page.waitForLoadState("networkidle");
    // Fetched, not run: reading the form is not using it (a use would start it at once).
    await heading.click();
    await expect(island(page)).toHaveAttribute("data-island-state", "waiting");
    expect(requested.filter((href) => href.startsWith(PROVIDER_URL))).toEqual([]);

    await formFields(page).name.focus();
    await waitForHydration(page);
    await expectProviderScriptRequested(page);
    await fillValid(page);
    await submit(page).click();
    await expect(notification(page, SUCCESS)).toBeVisible();
    expect(requested.filter((href) => href.startsWith(PROVIDER_URL))).toEqual([
      `${PROVIDER_URL}?render=${encodeURIComponent(SITE_KEY)}`,
    ]);
    // Each file fetched once: the first use found them already there.
    expect(
      islandRequests()
        .map((url) => url.pathname + url.search)
        .toSorted(),
    ).toEqual(files.toSorted());
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
      await page
        .getByRole("heading", { level: 2, name: formBlock.heading, exact: true })
        .scrollIntoViewIfNeeded();
      expect(await formNearTheScreen(page)).toBe(true);
      expect(scripts).toEqual([]);
      await startApp(page);
      expect(scripts.filter((path) => path.startsWith("/assets/")).toSorted()).toEqual(
        (await islandFiles(page)).toSorted(),
      );
    });
  }

  test("keeps what was typed before the app started, and checks it once the app starts", async ({
    page,
  }) => {
    // Hold the island back until the visitor has typed.
    const releaseApp = await holdIslandBack(page);
    const contactPage = await openContact(page, { start: false });

    const f = formFields(page);
    await expect(submit(page)).toBeDisabled();
    await f.name.fill(VALUES.name);
    await f.phone.fill("082 123");
    await f.email.fill(VALUES.email);
    await f.enquiry.selectOption(VALUES.enquiry);
    await f.message.fill(VALUES.message);
    await expect(island(page)).toHaveAttribute("data-island-state", "loading");
    await expect(submit(page)).toBeDisabled();

    releaseApp();
    await waitForHydration(page);
    expect(await valuesOnScreen(page)).toEqual({ ...VALUES, phone: "082 123" });
    // The phone number was typed and left, so its error shows; the message is still being typed.
    await expectErrorShown(page, "phone", errors.phone.notDigits);
    await expectNoErrorShown(page, "message");
    await expect(submit(page)).toBeDisabled();
    await expectProviderScriptRequested(page);

    await f.phone.fill(VALUES.phone);
    await expectNoErrorShown(page, "phone");
    await expect(submit(page)).toBeEnabled();
    expect(contactPage.consoleErrors).toEqual([]);
  });

  test("keeps keystrokes typed while the island loads, one by one", async ({ page }) => {
    const releaseApp = await holdIslandBack(page);
    await openContact(page, { start: false });
    const f = formFields(page);
    await f.name.click();
    await page.keyboard.type(VALUES.name.slice(0, 6));
    releaseApp();
    // Typing on while the island takes the field over loses no key.
    await page.keyboard.type(VALUES.name.slice(6), { delay: 20 });
    await waitForHydration(page);
    await expect(f.name).toHaveValue(VALUES.name);
    await page.keyboard.type("!");
    await expect(f.name).toHaveValue(`${VALUES.name}!`);
  });

  test("shows the error of a field left empty before the app started, once it starts", async ({
    page,
  }) => {
    const releaseApp = await holdIslandBack(page);
    const contactPage = await openContact(page, { start: false });
    const f = formFields(page);
    await f.name.focus();
    await f.phone.focus(); // the name is left, empty
    await expect(f.name).not.toHaveAttribute("aria-invalid");

    releaseApp();
    await waitForHydration(page);
    await expectErrorShown(page, "name", errors.name.missing);
    // Still in the phone field: not left yet.
    await expectNoErrorShown(page, "phone");
    await expectNoErrorShown(page, "email");
    expect(contactPage.consoleErrors).toEqual([]);
  });

  test("if the island cannot load: says so, keeps what was typed, offers it by email, and retries", async ({
    page,
  }) => {
    let islandReachable = false;
    await page.route(ISLAND_MODULE, (route) =>
      islandReachable ? route.continue() : route.abort("failed"),
    );
    const contactPage = await openContact(page, { start: false });
    await fillValid(page);
    const failure = page.getByText(form.startFailure);
    await expectSeen(failure, "the message that the form could not start");
    expect(await liveness(failure), "announced at once").toBe("assertive");
    await expect(island(page)).toHaveAttribute("data-island-state", "failed");
    expect(await valuesOnScreen(page)).toEqual(VALUES);
    const emailLink = page.getByRole("link", { name: form.emailInstead.link, exact: true });
    await expectEmailLink(emailLink);
    await expectSeen(emailLink, "its link to send the enquiry by email");
    await expectNoAxeViolations(page);

    // The connection is back; the next use of the form loads the island afresh.
    islandReachable = true;
    await formFields(page).name.click();
    await waitForHydration(page);
    await expect(failure).toHaveCount(0);
    expect(await valuesOnScreen(page)).toEqual(VALUES);
    await expect(submit(page)).toBeEnabled();
    await submit(page).click();
    await expect(notification(page, SUCCESS)).toBeVisible();
    expect(contactPage.sends).toHaveLength(1);
  });

  test("if the island never answers: says so within 10 s of first use, and offers it by email", async ({
    page,
  }) => {
    test.setTimeout(25_000);
    // Held for good: the island neither arrives nor fails.
    await page.route(ISLAND_MODULE, () => {});
    await openContact(page, { start: false });
    await fillValid(page);
    await expect(island(page)).toHaveAttribute("data-island-state", "loading");
    await expect(page.getByText(form.startFailure)).toBeVisible({ timeout: 12_000 });
    await expect(island(page)).toHaveAttribute("data-island-state", "failed");
    await expectEmailLink(page.getByRole("link", { name: form.emailInstead.link, exact: true }));
  });

  test("fetches the island's JavaScript in one round trip: two files, at most 80 KiB brotli, nothing else", async ({
    page,
  }) => {
    const scripts: Request[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request);
    });
    // Neither file is answered until both are asked for: had one file to arrive before the
    // other is known (a chunk found only in the first), the second would never be asked for.
    const seen: Request[] = [];
    let answered = false;
    let bothAskedFirst = false;
    let bothAsked = () => {};
    const asked = new Promise<void>((resolve) => {
      bothAsked = resolve;
    });
    await page.route(/\/assets\/[\w.-]+\.js(\?|$)/, async (route) => {
      seen.push(route.request());
      if (seen.length === 2) {
        bothAskedFirst = !answered;
        bothAsked();
      }
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      answered = true;
      await route.continue();
    });
    await openContact(page, { start: false });
    const files = await islandFiles(page);
    await theForm(page).dispatchEvent("pointerdown");
    await waitForHydration(page);
    expect(bothAskedFirst, "both files asked for before either was answered").toBe(true);
    expect(seen.map((request) => new URL(request.url()).pathname).toSorted()).toEqual(
      files.toSorted(),
    );
    // Nothing else: no third file (a chunk the two import), no framework runtime.
    await page.waitForLoadState("networkidle");
    expect(
      scripts
        .map((request) => new URL(request.url()))
        .filter((url) => url.origin === new URL(page.url()).origin)
        .map((url) => url.pathname + url.search)
        .toSorted(),
    ).toEqual(files.toSorted());
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);

    // What the two weigh on the wire, as the server sent them.
    let bytes = 0;
    for (const request of seen) {
      const response = await request.response();
      expect(await response?.headerValue("content-encoding"), request.url()).toBe("br");
      bytes += (await request.sizes()).responseBodySize;
    }
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(ISLAND_BUDGET_BYTES);
  });
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says plainly how to reach us instead, next to the form", async ({ page }) => {
    await page.goto(contact.path);
    // Playwright's text matching skips <noscript>, so the statement is found by its link.
    const link = page.getByRole("link", { name: SUPPORT_EMAIL, exact: true });
    const statement = page.getByRole("paragraph").filter({ has: link });
    await expect(statement).toBeVisible();
    for (const part of [form.noScript.before, COMPANY_NAME, form.noScript.between]) {
      await expect(statement).toContainText(part);
    }
    await expect(link).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    // Next to the form: between the block's heading and the form's first field.
    const heading = await page.getByRole("heading", { level: 2 }).boundingBox();
    const box = await statement.boundingBox();
    const firstField = await formFields(page).name.boundingBox();
    expect(heading && box && firstField && heading.y < box.y && box.y < firstField.y).toBe(true);
  });
});

test("the notice is seen at every width from 320 to 1440 px", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openContact(page, { send: "500" });
  await fillValid(page);
  await submit(page).click();
  const notice = notification(page, FAILURE);
  await expectSeen(notice, "the error notice at 1440 px");
  // Keyboard focus on its Close action holds it while the window narrows.
  await notice.getByRole("button", { name: notifications.close, exact: true }).focus();
  for (let width = 1400; width >= 320; width -= 40) {
    await page.setViewportSize({ width, height: width < 768 ? 640 : 900 });
    await expectSeen(notice, `the error notice at ${width} px`);
  }
});

test("no page but contact makes a request off the site's origin", async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? "").origin;
  const offOrigin: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && url.protocol !== "data:") offOrigin.push(`${page.url()} → ${url}`);
  });
  // Anything that does slip out is answered locally, so the test never waits on the network.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort("blockedbyclient"));
  const others = sitePages().filter((candidate) => candidate.kind !== "contact");
  expect(others.length).toBeGreaterThan(0);
  for (const { path } of others) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(offOrigin).toEqual([]);
  await expect(page.locator(`script[src^="${PROVIDER_URL}"]`)).toHaveCount(0);
});

test("the contact page makes no request off the site's origin but the bot check, and that only on first use", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  const offOrigin: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && url.protocol !== "data:") offOrigin.push(url.href);
  });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)(?!www\.google\.com\/recaptcha\/)/, (route) =>
    route.abort("blockedbyclient"),
  );
  await openContact(page, { start: false });
  await page
    .getByRole("heading", { level: 2, name: formBlock.heading, exact: true })
    .scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(offOrigin, "nothing while the form is only read").toEqual([]);
  await startApp(page);
  await fillValid(page);
  await submit(page).click();
  await expect(notification(page, SUCCESS)).toBeVisible();
  expect(offOrigin).toEqual([`${PROVIDER_URL}?render=${encodeURIComponent(SITE_KEY)}`]);
});

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`what a visitor sees at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the notice of each send, by click or by Enter, is seen and stays put while the page scrolls", async ({
      page,
    }) => {
      const contactPage = await openContact(page);
      for (const [answer, how, text] of [
        ["ok", "click", SUCCESS],
        ["500", "Enter", FAILURE],
        ["ok", "Enter", SUCCESS],
        ["500", "click", FAILURE],
      ] as const) {
        const what = `the ${answer === "ok" ? "success" : "error"} notice after a ${how}`;
        contactPage.setSendAnswer(answer);
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
      }
    });

    test("the skip link, and on a phone the open menu, are seen", async ({ page }) => {
      await page.goto(contact.path);
      await page.keyboard.press("Tab");
      const skipLink = page.getByRole("link", { name: shell.skipLinkLabel, exact: true });
      await expect(skipLink).toBeFocused();
      await expectSeen(skipLink, "the skip link");
      if (viewport.width > 768) return;
      const navigation = page.getByRole("navigation", { name: shell.header.navigationLabel });
      await navigation.getByRole("button", { name: shell.header.menuButtonLabel }).click();
      await expectSeen(navigation.getByRole("list"), "the open menu");
    });
  });

  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("has no WCAG 2.2 AA violations, blank, with errors and with a notification", async ({
      page,
    }) => {
      await openContact(page, { send: "500" });
      const illustrations = page
        .getByRole("region", { name: formBlock.heading, exact: true })
        .locator(PICTURE);
      if (viewport.width <= 768) {
        await expect(illustrations.first()).toBeHidden();
      } else {
        await expect(illustrations.first()).toBeVisible();
      }
      await expectNoAxeViolations(page);

      await theForm(page).evaluate((element) => (element as HTMLFormElement).requestSubmit());
      await expectErrorShown(page, "name", errors.name.missing);
      await expectNoAxeViolations(page);

      await fillValid(page);
      await submit(page).click();
      // Let the entrance animation finish, so contrast is measured at full opacity.
      await expect(notification(page, FAILURE)).toHaveCSS("opacity", "1");
      await expectNoAxeViolations(page);
    });
  });
}
