import { expect, type Page, test } from "@playwright/test";
import { sitePage } from "../../app/content/site-content";
import { fillForm, formFields, sendForm } from "../support/contact-form";
import {
  BOT_CHECK_SECRET,
  BOT_CHECK_TOKEN,
  type EnquiryPeers,
  keepToLoopback,
  startEnquiryPeers,
} from "../support/enquiry-peers";
import { startApp } from "../support/page-ready";

const contact = sitePage("contact", "contact");

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
  const response = await page.goto(`${baseUrl}${contact.path}`);
  // Inline scripts run by their hashes, never by 'unsafe-inline'; framing is refused.
  const policy = response?.headers()["content-security-policy"] ?? "";
  const scriptSources =
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === "script-src") ?? [];
  expect(scriptSources).toContain("'self'");
  expect(scriptSources.some((source) => source.startsWith("'sha256-"))).toBe(true);
  expect(scriptSources).not.toContain("'unsafe-inline'");
  expect(policy).toContain("frame-ancestors 'none'");
  // The form only reacts once the inline scripts (Astro's island runtime and the form's loading
  // strategy) ran and the island hydrated.
  await startApp(page);
  const { phone } = formFields(page);
  await phone.fill("08a");
  await phone.blur();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  expect(violations).toEqual([]);
});

test("an enquiry sent from the contact form reaches the mailbox", async ({ page }) => {
  const violations = await guardPage(page);
  await page.goto(`${baseUrl}${contact.path}`);
  await fillForm(page, {
    name: "Lerato <Dlamini>",
    phone: "0831234567",
    email: "lerato@example.co.za",
    enquiry: "consultation",
    message: "Quote for 12 meters & <b>valves</b>, please.",
  });
  await sendForm(page, { timeout: 15_000 });
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
