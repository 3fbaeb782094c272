import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { sitePage } from "../../app/content/content-files";
import { enquiryTypeValues, sendEnquiryPath } from "../../contract/enquiry";
import { startApp } from "../support/page-ready";

// `npm run dev` as a developer uses it: the contact form's island starts (React Refresh's
// preamble in place), hot-reloads when its code changes, and its send call reaches the enquiry
// service the dev server runs on /api (scripts/site-integration.ts, server/dev-service.ts),
// through the anti-forgery check and into its store.

const contact = sitePage("contact", "contact");
const { enquiryForm } = contact.file;
const { labels, notifications } = enquiryForm;
/** A module of the island, changed by the test to see it hot-reload, then put back. */
const islandSource = resolve(import.meta.dirname, "../../app/features/contact/enquiry-form.tsx");

/** Errors and warnings the page logs, and errors it throws. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

// A fresh dev server reloads the first page whose Vite client connects: that page is a
// throwaway one, so the test's own visits are not interrupted.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const connected = page.waitForEvent("console", {
    predicate: (message) => message.text().includes("[vite] connected"),
    timeout: 30_000,
  });
  await page.goto(sitePage("home").path);
  await connected;
  await page.close();
});

test("the contact form hot-reloads and sends an enquiry from the dev server, and no page logs an error", async ({
  page,
}) => {
  const problems = recordProblems(page);
  await page.goto(sitePage("home").path);
  await page.waitForLoadState("load");

  await page.goto(contact.path);
  await startApp(page);
  const field = (name: keyof typeof labels) => page.getByLabel(labels[name], { exact: true });
  await field("name").fill("Thandi Nkosi");
  await field("phone").fill("0821234567");

  // A change to the form's code reaches the page in place: no reload, what was typed kept.
  await page.evaluate(() => {
    (window as { beforeChange?: boolean }).beforeChange = true;
  });
  const original = readFileSync(islandSource, "utf8");
  const reloaded = page.waitForRequest(
    (request) => /\/enquiry-form\.tsx\?(.*&)?t=\d+/.test(request.url()),
    { timeout: 15_000 },
  );
  try {
    writeFileSync(islandSource, `${original}\n// changed by tests/dev/dev-server.spec.ts\n`);
    await reloaded;
  } finally {
    writeFileSync(islandSource, original);
  }
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as { beforeChange?: boolean }).beforeChange)).toBe(true);
  await expect(field("name")).toHaveValue("Thandi Nkosi");
  await expect(field("phone")).toHaveValue("0821234567");

  await field("email").fill("thandi@example.co.za");
  await field("enquiry").selectOption(enquiryTypeValues[0]);
  await field("message").fill("Please show us the meters.");
  const sent = page.waitForResponse((response) => response.url().endsWith(sendEnquiryPath));
  await page.getByRole("button", { name: enquiryForm.submit.idle, exact: true }).click();
  const response = await sent;
  // Stored by the service, not answered by a stand-in: 201 with the enquiry's id.
  expect(new URL(response.url()).pathname).toBe(`/api${sendEnquiryPath}`);
  expect(response.status()).toBe(201);
  await expect(
    page
      .getByRole("region", { name: notifications.regionLabel, exact: true })
      .getByText(notifications.success),
  ).toBeVisible();
  expect(problems).toEqual([]);
});
