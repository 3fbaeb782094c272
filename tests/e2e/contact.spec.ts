import contactPages from "virtual:content/contact";
import { expect, type Page, type Request, test } from "@playwright/test";
import { sitePage, sitePages } from "../../app/content/pages";
import { enquiryTypeValues } from "../../contract/enquiry";
import { expectNoAxeViolations } from "../support/axe";
import { startApp, waitForHydration } from "../support/page-ready";
import { PICTURE } from "../support/pictures";
import { DESKTOP, MOBILE } from "../support/widths";

// The contact page against the production build. The send call is intercepted and Google's
// script is replaced by a stand-in, so nothing leaves the machine. The build must be made with
// VITE_RECAPTCHA_SITE_KEY set (npm test uses "test-site-key"); the no-key path is covered by
// the component tests.

const SITE_KEY = process.env.VITE_RECAPTCHA_SITE_KEY || "test-site-key";
const { hero, formBlock, enquiryForm: form } = contactPages.contact;
const { labels, errors } = form;
const COMPANY_NAME = process.env.VITE_COMPANY_NAME || "Amanzi Meters";
const SUPPORT_EMAIL = process.env.VITE_SUPPORT_EMAIL || "support@example.com";
const SEND_URL = "**/api/Comms/ValidateEmailTokens";
/** The island's one module, also when a retry asks for it afresh. */
const ISLAND_MODULE = /\/assets\/enquiry-island-[\w-]+\.js(\?|$)/;
const PROVIDER_URL = "https://www.google.com/recaptcha/api.js";

const SUCCESS = form.notifications.success;
const FAILURE = form.notifications.error;

const VALUES = {
  name: "Thandi Nkosi",
  phone: "0821234567",
  email: "thandi@example.co.za",
  enquiry: "support",
  message: "Please show us the meters.\nWe manage 40 units.",
};

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
  await page.goto(sitePage("contact").path);
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

/** Google's script as the page has it, once an interaction has asked for it. */
async function expectProviderScriptRequested(page: Page) {
  await expect(
    page.locator(`script[src^="${PROVIDER_URL}"]`),
    "the browser tests need a build made with VITE_RECAPTCHA_SITE_KEY set (npm test uses test-site-key)",
  ).toHaveAttribute("src", `${PROVIDER_URL}?render=${encodeURIComponent(SITE_KEY)}`);
}

const fields = (page: Page) => ({
  name: page.getByLabel(labels.name, { exact: true }),
  phone: page.getByLabel(labels.phone, { exact: true }),
  email: page.getByLabel(labels.email, { exact: true }),
  enquiry: page.getByLabel(labels.enquiry, { exact: true }),
  message: page.getByLabel(labels.message, { exact: true }),
});
const submit = (page: Page) =>
  page
    .getByRole("button", { name: form.submit.idle })
    .or(page.getByRole("button", { name: form.submit.busy }));
/** Notifications in the page. */
const toasts = (page: Page) => page.locator("[data-notification]");
const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text });

async function fillValid(page: Page) {
  const f = fields(page);
  await f.name.fill(VALUES.name);
  await f.phone.fill(VALUES.phone);
  await f.email.fill(VALUES.email);
  await f.enquiry.selectOption(VALUES.enquiry);
  await f.message.fill(VALUES.message);
}

async function valuesOnScreen(page: Page) {
  const f = fields(page);
  return {
    name: await f.name.inputValue(),
    phone: await f.phone.inputValue(),
    email: await f.email.inputValue(),
    enquiry: await f.enquiry.inputValue(),
    message: await f.message.inputValue(),
  };
}

async function expectErrorShown(page: Page, field: keyof typeof VALUES, message: string) {
  const input = fields(page)[field];
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

async function expectNoErrorShown(page: Page, field: keyof typeof VALUES) {
  await expect(fields(page)[field]).not.toHaveAttribute("aria-invalid");
}

test.describe("contact page", () => {
  test("shows the hero, the form block and the form's fields, placeholders and options", async ({
    page,
  }) => {
    await openContact(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.heading);
    await expect(page.locator("main section").first().getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: formBlock.heading })).toBeVisible();

    const f = fields(page);
    await expect(f.name).toHaveAttribute("placeholder", "John Doe");
    await expect(f.phone).toHaveAttribute("placeholder", form.placeholders.phone);
    await expect(f.phone).toHaveAttribute("type", "tel");
    await expect(f.phone).toHaveAttribute("inputmode", "numeric");
    await expect(f.email).toHaveAttribute("placeholder", form.placeholders.email);
    await expect(f.message).toHaveAttribute("placeholder", form.placeholders.message);
    await expect(f.message).toHaveAttribute("rows", "6");
    const options = f.enquiry.locator("option");
    await expect(options).toHaveText([
      form.enquiryPrompt,
      ...enquiryTypeValues.map((type) => form.enquiryTypes[type]),
    ]);
    expect(
      await options.evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(["", "consultation", "support", "feedback", "other"]);
    await expect(f.enquiry).toHaveValue("");
    for (const label of Object.values(labels)) {
      await expect(page.locator("form label").getByText(label, { exact: true })).toBeVisible();
    }

    await expect(page.getByText(formBlock.privacyNote)).toBeVisible();
    await expect(page.getByText(/This site is protected by reCAPTCHA/)).toHaveText(
      "This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.",
    );
    await expect(page.getByRole("link", { name: "Privacy Policy", exact: true })).toHaveAttribute(
      "href",
      "https://policies.google.com/privacy",
    );
  });

  test("keeps submit disabled until every field is valid", async ({ page }) => {
    await openContact(page);
    const f = fields(page);
    await expect(submit(page)).toBeDisabled();
    await f.name.fill(VALUES.name);
    await f.phone.fill(VALUES.phone);
    await f.email.fill(VALUES.email);
    await f.enquiry.selectOption(VALUES.enquiry);
    await expect(submit(page)).toBeDisabled();
    await f.message.fill(VALUES.message);
    await expect(submit(page)).toBeEnabled();
    await f.email.fill("thandi@");
    await expect(submit(page)).toBeDisabled();
  });

  test("accepts digits only in the phone number, of any length", async ({ page }) => {
    await openContact(page);
    await fillValid(page);
    const { phone } = fields(page);
    for (const bad of ["082 123 4567", "+27821234567", "082-123", "08a"]) {
      await phone.fill(bad);
      await phone.blur();
      await expectErrorShown(page, "phone", errors.phone.notDigits);
      await expect(submit(page)).toBeDisabled();
    }
    for (const good of ["0", "0821234567", "1".repeat(30)]) {
      await phone.fill(good);
      await expectNoErrorShown(page, "phone");
      await expect(submit(page)).toBeEnabled();
    }
  });

  test("shows a field's error only once it is touched or the form is submitted", async ({
    page,
  }) => {
    await openContact(page);
    const f = fields(page);
    await f.phone.pressSequentially("08a");
    await expectNoErrorShown(page, "phone");
    await f.phone.blur();
    await expectErrorShown(page, "phone", errors.phone.notDigits);
    await f.name.focus();
    await f.name.blur();
    await expectErrorShown(page, "name", errors.name.missing);
    for (const untouched of ["email", "enquiry", "message"] as const) {
      await expectNoErrorShown(page, untouched);
    }

    // The disabled button blocks a normal submit, so submit the way assistive tech can.
    await page.locator("form").evaluate((form) => (form as HTMLFormElement).requestSubmit());
    await expectErrorShown(page, "email", errors.email.missing);
    await expectErrorShown(page, "enquiry", errors.enquiry.notChosen);
    await expectErrorShown(page, "message", errors.message.missing);
  });

  test("grows the message box with its text, from six rows", async ({ page }) => {
    await openContact(page);
    const { message } = fields(page);
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

  test("sends the payload with a fresh bot-check token and the XSRF header", async ({
    page,
    context,
    baseURL,
  }) => {
    // Our service issues no such cookie (it checks Fetch Metadata); a backend that does gets
    // its token back in the header (requirements §7.3).
    const token = "token/from+the=server";
    await context.addCookies([
      { name: "XSRF-TOKEN", value: encodeURIComponent(token), url: baseURL },
    ]);
    const contact = await openContact(page);

    await fillValid(page);
    await expectProviderScriptRequested(page);
    await submit(page).click();
    await expect(toast(page, SUCCESS)).toBeVisible();

    expect(contact.sends).toHaveLength(1);
    const [request] = contact.sends;
    expect(request?.method()).toBe("POST");
    expect(new URL(request?.url() ?? "").pathname).toBe("/api/Comms/ValidateEmailTokens");
    const headers = (await request?.allHeaders()) ?? {};
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-xsrf-token"]).toBe(token);
    expect(request?.postDataJSON()).toEqual({
      ...VALUES,
      token: "stand-in-token-1",
      compname: COMPANY_NAME,
      type: "mail",
      cell: VALUES.phone,
    });

    // A second enquiry gets a token of its own.
    await fillValid(page);
    await submit(page).click();
    await expect.poll(() => contact.sends.length).toBe(2);
    expect(contact.sends[1]?.postDataJSON().token).toBe("stand-in-token-2");
    expect(
      await page.evaluate(() => (window as { __botCheckCalls?: unknown }).__botCheckCalls),
    ).toEqual([
      { siteKey: SITE_KEY, action: "contact" },
      { siteKey: SITE_KEY, action: "contact" },
    ]);
  });

  test("shows a busy, disabled button while sending", async ({ page }) => {
    await openContact(page, { send: "hang" });
    await fillValid(page);
    await submit(page).click();
    await expect(submit(page)).toHaveText(form.submit.busy);
    await expect(submit(page)).toBeDisabled();
    await expect(page.locator("form")).toHaveAttribute("aria-busy", "true");
  });

  test("on success resets the form and says so", async ({ page }) => {
    const contact = await openContact(page);
    await fillValid(page);
    await submit(page).click();
    await expect(toast(page, SUCCESS)).toBeVisible();
    await expect(toast(page, SUCCESS)).toHaveAttribute("data-type", "success");
    expect(await valuesOnScreen(page)).toEqual({
      name: "",
      phone: "",
      email: "",
      enquiry: "",
      message: "",
    });
    for (const field of Object.keys(VALUES) as (keyof typeof VALUES)[]) {
      await expectNoErrorShown(page, field);
    }
    await expect(submit(page)).toBeDisabled();
    expect(contact.consoleErrors).toEqual([]);
  });

  for (const [failure, options] of [
    ["an HTTP 500", { send: "500" }],
    ["a network failure", { send: "network" }],
    ["a refused bot check", { provider: "refuses" }],
    ["an unreachable bot-check script", { provider: "unreachable" }],
  ] as const) {
    test(`on ${failure} shows the error, keeps the values and logs it`, async ({ page }) => {
      const contact = await openContact(page, options);
      await fillValid(page);
      await submit(page).click();
      await expect(toast(page, FAILURE)).toBeVisible();
      await expect(toast(page, FAILURE)).toHaveAttribute("data-type", "error");
      expect(await valuesOnScreen(page)).toEqual(VALUES);
      await expect(submit(page)).toBeEnabled();
      expect(contact.consoleErrors.some((text) => text.includes("enquiry could not be sent"))).toBe(
        true,
      );
      const botCheckFailed = "provider" in options;
      expect(contact.sends).toHaveLength(botCheckFailed ? 0 : 1);
    });
  }

  test("closes a notification with its Close action", async ({ page }) => {
    await openContact(page, { send: "500" });
    await fillValid(page);
    await submit(page).click();
    await expect(toast(page, FAILURE)).toBeVisible();
    await toast(page, FAILURE).getByRole("button", { name: form.notifications.close }).click();
    await expect(toasts(page)).toHaveCount(0, { timeout: 2_000 });
  });

  test("dismisses a notification by itself after about 5 seconds", async ({ page }) => {
    await openContact(page, { send: "500" });
    await fillValid(page);
    await submit(page).click();
    await expect(toast(page, FAILURE)).toBeVisible();
    const shownAt = Date.now();
    await expect(toasts(page)).toHaveCount(0, { timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(4_500);
    expect(shownFor).toBeLessThan(6_500);
  });

  test("shows one notification at a time", async ({ page }) => {
    const contact = await openContact(page, { send: "500" });
    await fillValid(page);
    await submit(page).click();
    await expect(toast(page, FAILURE)).toBeVisible();
    await submit(page).click();
    await expect.poll(() => contact.sends.length).toBe(2);
    await expect(toast(page, FAILURE)).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);

    contact.setSendAnswer("ok");
    await submit(page).click();
    await expect(toast(page, SUCCESS)).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText(SUCCESS);
  });

  test("can be completed and sent with the keyboard alone", async ({ page }) => {
    const contact = await openContact(page);
    const f = fields(page);
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
    await page.keyboard.press("s"); // type-ahead picks Support
    await expect(f.enquiry).toHaveValue("support");
    await page.keyboard.press("Tab");
    await expect(f.message).toBeFocused();
    await page.keyboard.type("Please show us the meters.");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("We manage 40 units.");
    await page.keyboard.press("Tab");
    await expect(submit(page)).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(toast(page, SUCCESS)).toBeVisible();
    expect(contact.sends[0]?.postDataJSON()).toMatchObject(VALUES);
    // The button is disabled again; focus moves to the form rather than being lost.
    await expect(page.locator("form")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(f.name).toBeFocused();
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
    await page.waitForLoadState("load");
    await expect(submit(page)).toBeDisabled();
    await page.waitForTimeout(300);
    expect(requested, "nothing before the form nears the screen").toEqual([]);

    await page.getByRole("heading", { level: 2, name: formBlock.heading }).scrollIntoViewIfNeeded();
    await expect.poll(() => requested.filter((href) => ISLAND_MODULE.test(href))).toHaveLength(1);
    // Fetched, not run: reading the form is not using it.
    await page.getByRole("heading", { level: 2, name: formBlock.heading }).click();
    await page.waitForTimeout(300);
    await expect(page.locator("[data-island]")).toHaveAttribute("data-island-state", "waiting");
    expect(requested.filter((href) => href.startsWith(PROVIDER_URL))).toEqual([]);

    await fields(page).name.focus();
    await waitForHydration(page);
    await expectProviderScriptRequested(page);
    await fillValid(page);
    await submit(page).click();
    await expect(toast(page, SUCCESS)).toBeVisible();
    expect(requested.filter((href) => href.startsWith(PROVIDER_URL))).toEqual([
      `${PROVIDER_URL}?render=${encodeURIComponent(SITE_KEY)}`,
    ]);
    // One module, fetched once: the first use found it already there.
    expect(
      requested.filter((href) => href.endsWith(".js") && !href.startsWith(PROVIDER_URL)),
    ).toEqual([expect.stringMatching(ISLAND_MODULE)]);
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
      const islandRequests: string[] = [];
      page.on("request", (request) => {
        if (ISLAND_MODULE.test(request.url())) islandRequests.push(request.url());
      });
      await openContact(page, { start: false });
      await page.waitForLoadState("load");
      await page
        .getByRole("heading", { level: 2, name: formBlock.heading })
        .scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      expect(islandRequests).toEqual([]);
      await startApp(page);
      expect(islandRequests).toHaveLength(1);
    });
  }

  test("keeps what was typed before the app started, and checks it once the app starts", async ({
    page,
  }) => {
    // Hold the island back until the visitor has typed.
    const releaseApp = await holdIslandBack(page);
    const contact = await openContact(page, { start: false });

    const f = fields(page);
    await expect(submit(page)).toBeDisabled();
    await f.name.fill(VALUES.name);
    await f.phone.fill("082 123");
    await f.email.fill(VALUES.email);
    await f.enquiry.selectOption(VALUES.enquiry);
    await f.message.fill(VALUES.message);
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
    expect(contact.consoleErrors).toEqual([]);
  });

  test("shows the error of a field left empty before the app started, once it starts", async ({
    page,
  }) => {
    const releaseApp = await holdIslandBack(page);
    const contact = await openContact(page, { start: false });
    const f = fields(page);
    await f.name.focus();
    await f.phone.focus(); // the name is left, empty
    await expect(f.name).not.toHaveAttribute("aria-invalid");

    releaseApp();
    await waitForHydration(page);
    await expectErrorShown(page, "name", errors.name.missing);
    // Still in the phone field: not left yet.
    await expectNoErrorShown(page, "phone");
    await expectNoErrorShown(page, "email");
    expect(contact.consoleErrors).toEqual([]);
  });

  test("if the island cannot load: says so, keeps what was typed, offers it by email, and retries", async ({
    page,
  }) => {
    let islandReachable = false;
    await page.route(ISLAND_MODULE, (route) =>
      islandReachable ? route.continue() : route.abort("failed"),
    );
    const contact = await openContact(page, { start: false });
    await fillValid(page);
    const failure = page.locator("[data-island-failure]");
    await expect(failure).toHaveAttribute("aria-live", "assertive");
    await expect(failure).toContainText(form.startFailure);
    await expect(page.locator("[data-island]")).toHaveAttribute("data-island-state", "failed");
    expect(await valuesOnScreen(page)).toEqual(VALUES);

    const href = new URL(
      (await failure.getByRole("link", { name: form.emailInstead.link }).getAttribute("href")) ??
        "",
    );
    expect(`${href.protocol}${href.pathname}`).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(href.searchParams.get("subject")).toBe(form.emailInstead.subject);
    expect(href.searchParams.get("body")).toBe(
      [
        `${labels.name}: ${VALUES.name}`,
        `${labels.phone}: ${VALUES.phone}`,
        `${labels.email}: ${VALUES.email}`,
        `${labels.enquiry}: ${form.enquiryTypes.support}`,
        `${labels.message}: ${VALUES.message.replace("\n", "\r\n")}`,
      ].join("\r\n"),
    );
    await expectNoAxeViolations(page);

    // The connection is back; the next use of the form loads the island afresh.
    islandReachable = true;
    await fields(page).name.click();
    await waitForHydration(page);
    await expect(failure).toBeEmpty();
    expect(await valuesOnScreen(page)).toEqual(VALUES);
    await expect(submit(page)).toBeEnabled();
    await submit(page).click();
    await expect(toast(page, SUCCESS)).toBeVisible();
    expect(contact.sends).toHaveLength(1);
  });

  test("after a failed send, offers the enquiry by email", async ({ page }) => {
    await openContact(page, { send: "500" });
    await fillValid(page);
    await submit(page).click();
    const link = toast(page, FAILURE).getByRole("link", { name: form.emailInstead.link });
    const href = new URL((await link.getAttribute("href")) ?? "");
    expect(`${href.protocol}${href.pathname}`).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(href.searchParams.get("body")).toContain(`Name: ${VALUES.name}\r\n`);
    expect(href.searchParams.get("body")).toContain(
      `${labels.enquiry}: ${form.enquiryTypes.support}`,
    );
  });

  test("runs its island only: no framework runtime, one module", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await openContact(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(scripts.filter((path) => path.startsWith("/assets/"))).toEqual([
      expect.stringMatching(ISLAND_MODULE),
    ]);
  });
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says plainly how to reach us instead, next to the form", async ({ page }) => {
    await page.goto(sitePage("contact").path);
    const statement = page.getByText(/This form needs JavaScript/);
    await expect(statement).toBeVisible();
    await expect(statement).toContainText(COMPANY_NAME);
    await expect(statement.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
    // Next to the form: between the block's heading and the form's first field.
    const heading = await page.getByRole("heading", { level: 2 }).boundingBox();
    const box = await statement.boundingBox();
    const firstField = await fields(page).name.boundingBox();
    expect(heading && box && firstField && heading.y < box.y && box.y < firstField.y).toBe(true);
  });
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
  for (const { path } of sitePages.filter((candidate) => candidate.id !== "contact")) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(offOrigin).toEqual([]);
  await expect(page.locator(`script[src^="${PROVIDER_URL}"]`)).toHaveCount(0);
});

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("has no WCAG 2.2 AA violations, blank, with errors and with a notification", async ({
      page,
    }) => {
      await openContact(page, { send: "500" });
      const illustrations = page.locator(`section:has(h2) ${PICTURE}`);
      if (viewport.width <= 768) {
        await expect(illustrations.first()).toBeHidden();
      } else {
        await expect(illustrations.first()).toBeVisible();
      }
      await expectNoAxeViolations(page);

      await page.locator("form").evaluate((form) => (form as HTMLFormElement).requestSubmit());
      await expectErrorShown(page, "name", errors.name.missing);
      await expectNoAxeViolations(page);

      await fillValid(page);
      await submit(page).click();
      // Let the entrance animation finish, so contrast is measured at full opacity.
      await expect(toast(page, FAILURE)).toHaveCSS("opacity", "1");
      await expectNoAxeViolations(page);
    });
  });
}
