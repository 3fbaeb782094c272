import contactPages from "virtual:content/contact";
import { expect, type Page, test } from "@playwright/test";
import { sitePage } from "../../app/content/pages";
import { enquiryTypeValues, sendEnquiryPath } from "../../contract/enquiry";
import { startApp } from "../support/page-ready";

// `npm run dev` as a developer uses it: the contact form's island starts (React Refresh's
// preamble in place), and its send call reaches the enquiry service the dev server runs
// (scripts/dev-enquiry-service.ts), through the anti-forgery check and into its store.

const { enquiryForm } = contactPages.contact;

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

test("the contact form sends an enquiry from the dev server, and no page logs an error", async ({
  page,
}) => {
  const problems = recordProblems(page);
  await page.goto(sitePage("home").path);
  await page.waitForLoadState("load");

  await page.goto(sitePage("contact").path);
  await startApp(page);
  const { labels } = enquiryForm;
  await page.getByLabel(labels.name, { exact: true }).fill("Thandi Nkosi");
  await page.getByLabel(labels.phone, { exact: true }).fill("0821234567");
  await page.getByLabel(labels.email, { exact: true }).fill("thandi@example.co.za");
  await page.getByLabel(labels.enquiry, { exact: true }).selectOption(enquiryTypeValues[0]);
  await page.getByLabel(labels.message, { exact: true }).fill("Please show us the meters.");

  const sent = page.waitForResponse((response) => response.url().endsWith(sendEnquiryPath));
  await page.getByRole("button", { name: enquiryForm.submit.idle }).click();
  const response = await sent;
  // Stored by the service, not answered by a stand-in: 201 with the enquiry's id.
  expect(response.status()).toBe(201);
  await expect(
    page.locator("[data-notification]").filter({ hasText: enquiryForm.notifications.success }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});
