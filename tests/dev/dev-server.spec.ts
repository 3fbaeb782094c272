import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { sitePage } from "../../app/content/site-content";
import { enquiryTypeValues, sendEnquiryPath } from "../../contract/enquiry";
import { formFields, sendForm } from "../support/contact-form";
import { recordProblems } from "../support/page-problems";
import { startApp } from "../support/page-ready";

// `npm run dev` as a developer uses it: the contact form's island starts (React Refresh's
// preamble in place), hot-reloads when its code changes, and its send call reaches the enquiry
// service the dev server runs on /api (scripts/site-integration.ts, server/dev-service.ts),
// through the anti-forgery check and into its store. And `npm run cms`: the editor at /admin.

const contact = sitePage("contact");
/** A module of the island, changed by the test to see it hot-reload, then put back. */
const islandSource = resolve(import.meta.dirname, "../../app/features/contact/enquiry-form.tsx");

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
  await page.goto(contact.path);
  await startApp(page);
  const fields = formFields(page);
  await fields.name.fill("Thandi Nkosi");
  await fields.phone.fill("0821234567");

  // A change to the form's code reaches the page in place: no reload, what was typed kept.
  await page.evaluate(() => Object.assign(window, { beforeChange: true }));
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
  await expect(fields.name).toHaveValue("Thandi Nkosi");
  await expect(fields.phone).toHaveValue("0821234567");

  await fields.email.fill("thandi@example.co.za");
  await fields.enquiry.selectOption(enquiryTypeValues[0]);
  await fields.message.fill("Please show us the meters.");
  const sent = page.waitForResponse((response) => response.url().endsWith(sendEnquiryPath));
  await sendForm(page);
  const response = await sent;
  // Stored by the service, not answered by a stand-in: 201 with the enquiry's id.
  expect(new URL(response.url()).pathname).toBe(`/api${sendEnquiryPath}`);
  expect(response.status()).toBe(201);
  expect(problems).toEqual([]);
});

test("the editor starts at /admin from source, as npm run cms opens it", async ({ page }) => {
  const problems = recordProblems(page, ["error"]);
  // The test stays on loopback: Sveltia's check of GitHub's status page gets a stand-in's
  // answer, anything else it asks elsewhere an empty one, so that neither logs a failed load.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.request().url().startsWith("https://www.githubstatus.com/")
      ? route.fulfill({ json: { status: { indicator: "none" } } })
      : route.fulfill({ status: 204 }),
  );
  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Work with Local Repository" })).toBeVisible({
    timeout: 45_000,
  });
  expect(problems).toEqual([]);
});
