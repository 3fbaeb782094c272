import { type Browser, expect, type Page, test } from "@playwright/test";
import { sitePage } from "../../app/content/site-content";
import { expectNoAxeViolations } from "../support/axe";
import { fillForm, sendForm } from "../support/contact-form";
import { type EnquiryPeers, keepToLoopback, startEnquiryPeers } from "../support/enquiry-peers";
import { expectSeen } from "../support/seen";
import { DESKTOP, MOBILE } from "../support/widths";

const contact = sitePage("contact", "contact");
const hardware = sitePage("hardware");
const software = sitePage("software");
const home = sitePage("home");

// Issue 25's whole path in a real browser on the production build: two visitors, one from a
// mailed campaign who sends an enquiry and one who came straight in on a phone, counted by our
// server as it serves the pages; then a member of staff signs in with a mailed code and the
// dashboard at /admin/insights and its CSV show where the enquiry came from, read at a phone's
// width and a computer's as a person reads them.

// Headless Chromium names itself in its user agent, and bots are not counted: these visitors
// use the browsers' ordinary ones.
const desktopAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const phoneAgent =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
const campaign = { source: "newsletter", medium: "email", campaign: "spring-meters" };

let peers: EnquiryPeers;
let baseUrl: string;
const staff = { email: "thandi@amanzi.example", name: "Thandi Nkosi", owner: false };

test.beforeAll(async () => {
  peers = await startEnquiryPeers({ INSIGHTS_FLUSH_SECONDS: "1" });
  baseUrl = peers.service.baseUrl;
  await peers.service.store.staff.addStaff(staff, new Date());
});

test.afterAll(async () => {
  await peers?.close();
});

/**
 * A visitor of their own (own user agent, so their own hash), kept to loopback, with what the
 * security policy refuses: a blocked eval the page's script catches (zod's probe for
 * `new Function`) logs nothing to the console, but the policy still reports it as an event.
 */
async function visitor(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() =>
    addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy: ${event.effectiveDirective} ${event.blockedURI}`),
    ),
  );
  await keepToLoopback(page);
  return { page, requested, refused, close: () => context.close() };
}

/** The rows of the dashboard table a caption starts with, as text, header row left out. */
const rowsOf = (page: Page, caption: string) =>
  page
    // By the caption's start: another table's caption may hold the same words further on.
    .locator("table", { has: page.locator("caption", { hasText: new RegExp(`^${caption}`) }) })
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent)),
    );

test("a campaign's visitor who sends an enquiry shows in the insights, with its source and entry page", async ({
  browser,
}) => {
  const fromMail = await visitor(browser, desktopAgent);
  const query = `utm_source=${campaign.source}&utm_medium=${campaign.medium}&utm_campaign=${campaign.campaign}`;
  await fromMail.page.goto(`${baseUrl}${hardware.path}?${query}`);
  await fromMail.page
    .getByRole("banner")
    .getByRole("link", { name: contact.headerLabel, exact: true })
    .click();
  await fromMail.page.waitForURL(`${baseUrl}${contact.path}`);
  await fillForm(fromMail.page);
  await sendForm(fromMail.page, { timeout: 15_000 });

  const direct = await visitor(browser, phoneAgent);
  await direct.page.goto(`${baseUrl}${home.path}`);
  await direct.page.goto(`${baseUrl}${software.path}`);

  // The public pages asked for nothing of the dashboard's, and the policy refused nothing.
  for (const path of [...fromMail.requested, ...direct.requested]) {
    expect(path).not.toMatch(/^\/admin/);
  }
  expect([...fromMail.refused, ...direct.refused]).toEqual([]);
  await fromMail.close();
  await direct.close();

  const { page, refused } = await visitor(browser, desktopAgent);
  // Shut until a member of staff signs in, through the link the dashboard offers, with the
  // code mailed to them; the sign-in's pages pass axe at both widths.
  const shut = await page.goto(`${baseUrl}/admin/insights?days=7`);
  expect(shut?.status()).toBe(401);
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/admin/sign-in`);
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
  await page.getByLabel("Email").fill(staff.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.waitForURL(`${baseUrl}/admin/sign-in/code`);
  await expectNoAxeViolations(page);
  await expect
    .poll(() => peers.smtp.received.find((mail) => mail.to.includes(staff.email)), {
      message: "the sign-in code mailed",
    })
    .toBeDefined();
  const mail = peers.smtp.received.find((sent) => sent.to.includes(staff.email));
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1] ?? "";
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/admin/sign-in`);
  await page.goto(`${baseUrl}/admin/insights`);
  // Counts reach the store within a flush (a second here); a visitor's two pages may be in two
  // flushes, so the day's totals are waited for too.
  await expect
    .poll(
      async () => {
        await page.goto(`${baseUrl}/admin/insights?days=7`);
        const [today] = await rowsOf(page, "Per day");
        return { sources: await rowsOf(page, "Where visits came from"), day: today?.slice(1) };
      },
      { timeout: 15_000, message: "every page view and the enquiry counted" },
    )
    .toEqual({
      sources: [
        [campaign.source, "1", "1", "100.0%"],
        ["direct", "1", "0", "0.0%"],
        ["Total of 2 values", "2", "1", "50.0%"],
      ],
      day: ["2", "4", "2", "1", "1", "50.0%", "0"],
    });
  expect(await rowsOf(page, "Visits tagged")).toEqual([
    [campaign.campaign, "1", "1", "100.0%"],
    ["Total of 1 value", "1", "1", "100.0%"],
  ]);
  const entries = Object.fromEntries(
    (await rowsOf(page, "Pages by page views")).map(([path, ...cells]) => [path, cells]),
  );
  // Page views, visitors, visits that came in there, their enquiries, conversion.
  expect(entries[hardware.path]).toEqual(["1", "1", "1", "1", "100.0%"]);
  expect(entries[contact.path]).toEqual(["1", "1", "0", "0", "–"]);
  expect(entries[home.path]).toEqual(["1", "1", "1", "0", "0.0%"]);
  expect(await rowsOf(page, "Page views and visitors by device")).toEqual([
    ["phone", "2", "50%", "1"],
    ["tablet", "0", "0%", "0"],
    ["desktop", "2", "50%", "1"],
  ]);
  // The page is drawn in the site's own Inter, which the dashboard's policy allows beside its
  // styles by hash: nothing refused.
  expect(
    await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some(
        (f) => f.family === "Inter Variable" && f.status === "loaded",
      );
    }),
  ).toBe(true);
  expect(refused).toEqual([]);

  // Staff answer the enquiry and win it: the inbox's part of the dashboard.
  const [enquiry] = await peers.service.store.listEnquiries();
  await peers.service.store.replies.stopClock(enquiry?.id ?? "", new Date());
  await peers.service.store.inbox.setStage(enquiry?.id ?? "", "won", null, new Date());

  // Read as a person reads it, at a phone's width and a computer's: the key figures first, the
  // chart, the sources beside the other lists, the days as a table when asked for by keyboard,
  // the funnel by source, first replies by week and their table.
  const figure = (name: string) =>
    page
      .locator(".figures > div")
      .filter({ has: page.getByRole("term").getByText(name, { exact: true }) });
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`${baseUrl}/admin/insights?days=7`);
    await expect(figure("Visits")).toHaveText(/^Visits2new against 0 in the 7 days before$/);
    await expect(figure("Conversion")).toContainText("50.0%");
    await expectSeen(figure("Visits"), `the visits at ${viewport.width} px`);
    const chart = page.getByRole("img", { name: "Visits and enquiries per day" });
    await chart.evaluate((svg) => svg.scrollIntoView({ block: "center" }));
    await expectSeen(chart, `the chart at ${viewport.width} px`);
    const days = page.getByRole("table", { name: /^Per day/ });
    await expect(days).toBeHidden();
    await page.getByText("Show as table").first().focus();
    await page.keyboard.press("Enter");
    await days.scrollIntoViewIfNeeded();
    // A row wider than a phone scrolls sideways in its region: its date shows.
    await expectSeen(days.getByRole("rowheader").first(), `today's row at ${viewport.width} px`);
    const sources = page.getByRole("table", { name: /^Where visits came from/ });
    await sources.scrollIntoViewIfNeeded();
    await expectSeen(
      sources.getByRole("row", { name: /^newsletter/ }).getByRole("rowheader"),
      `the campaign's source at ${viewport.width} px`,
    );
    await figure("Median first reply").scrollIntoViewIfNeeded();
    await expectSeen(
      figure("Median first reply"),
      `the median first reply at ${viewport.width} px`,
    );
    const funnel = page.getByRole("table", { name: /^Visits, enquiries, contacted and won/ });
    const won = funnel.getByRole("row", { name: /^newsletter/ });
    await won.scrollIntoViewIfNeeded();
    await expectSeen(won.getByRole("rowheader"), `the funnel's source at ${viewport.width} px`);
    await expect(won).toHaveText(/^newsletter11 \(100\.0%\)1 \(100\.0%\)1 \(100\.0%\)$/);
    const replies = page.getByRole("img", { name: "First reply by week, in business hours" });
    await replies.evaluate((svg) => svg.scrollIntoView({ block: "center" }));
    await expectSeen(replies, `first replies by week at ${viewport.width} px`);
    const weeks = page.getByRole("table", { name: /^Per week/ });
    await expect(weeks).toBeHidden();
    await page.getByText("Show as table").last().focus();
    await page.keyboard.press("Enter");
    await weeks.scrollIntoViewIfNeeded();
    await expectSeen(weeks.getByRole("rowheader").first(), `a week's row at ${viewport.width} px`);
    await expectNoAxeViolations(page);
  }

  // The signed-in staff member's CSV is the same table per day, oldest day first.
  const csv = await page.request.get(`${baseUrl}/admin/insights.csv?days=7`);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const lines = (await csv.text()).trimEnd().split("\r\n");
  const shown = await rowsOf(page, "Per day");
  expect(lines.slice(1).reverse()).toEqual(shown.map((row) => row.join(",")));
});
