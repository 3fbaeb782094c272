import contactPages from "virtual:content/contact";
import { expect, type Page, test } from "@playwright/test";
import {
  BOT_CHECK_SECRET,
  BOT_CHECK_TOKEN,
  type EnquiryPeers,
  keepToLoopback,
  startEnquiryPeers,
} from "../support/enquiry-peers";
import { startApp } from "../support/page-ready";

const sentMessage = contactPages.contact.enquiryForm.notifications.success;

// The whole path with the real headers on (tests/support/enquiry-peers.ts), with Chromium
// filling the real contact form of the production build.

let peers: EnquiryPeers;
let baseUrl: string;

test.beforeAll(async () => {
  peers = await startEnquiryPeers();
  baseUrl = peers.service.baseUrl;
});

test.afterAll(async () => {
  await peers?.close();
});

/** Keeps the browser on loopback, and records anything the security policy blocks. */
async function guardPage(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  // A blocked eval that the page's script catches (zod's probe for `new Function`) logs
  // nothing to the console; the policy still reports it as an event.
  await page.exposeFunction("reportPolicyViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportPolicyViolation(text: string): void })
        .reportPolicyViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  await keepToLoopback(page);
  return violations;
}

test("the site runs under its security headers", async ({ page }) => {
  const violations = await guardPage(page);
  const response = await page.goto(`${baseUrl}/contact`);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'sha256-");
  // The form only reacts once the inline bootstrap scripts ran and the app hydrated.
  await startApp(page);
  await page.getByLabel("Phone number").fill("08a");
  await page.getByLabel("Phone number").blur();
  await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  expect(violations).toEqual([]);
});

test("an enquiry sent from the contact form reaches the mailbox", async ({ page }) => {
  const violations = await guardPage(page);
  await page.goto(`${baseUrl}/contact`);
  const form = {
    name: page.getByLabel("Name", { exact: true }),
    phone: page.getByLabel("Phone number"),
    email: page.getByLabel("Email address"),
    enquiry: page.getByLabel("Enquiry type"),
    message: page.getByLabel("Message", { exact: true }),
  };
  await form.name.fill("Lerato <Dlamini>");
  await form.phone.fill("0831234567");
  await form.email.fill("lerato@example.co.za");
  await form.enquiry.selectOption("consultation");
  await form.message.fill("Quote for 12 meters & <b>valves</b>, please.");
  await page.getByRole("button", { name: "Send enquiry" }).click();

  await expect(page.getByText(sentMessage)).toBeVisible({ timeout: 15_000 });
  expect(peers.verifier.requests.map((r) => [r.get("secret"), r.get("response")])).toEqual([
    [BOT_CHECK_SECRET, BOT_CHECK_TOKEN],
  ]);

  await expect
    .poll(() => peers.smtp.received.length, { timeout: 10_000, message: "mail at the SMTP peer" })
    .toBe(1);
  const [mail] = peers.smtp.received;
  expect(mail?.to).toEqual(["sales@amanzi.example"]);
  const html = mail?.html ?? "";
  expect(html).toContain("Lerato &lt;Dlamini&gt;");
  expect(html).toContain("Quote for 12 meters &amp; &lt;b&gt;valves&lt;/b&gt;, please.");
  expect(mail?.text).toContain("0831234567");
  expect(violations).toEqual([]);
});
