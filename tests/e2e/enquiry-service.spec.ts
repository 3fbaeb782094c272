import { expect, type Page, test } from "@playwright/test";
import { clientBuildDir } from "../support/client-build";
import { startApp } from "../support/page-ready";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { mailTo, startTestService, type TestService } from "../support/test-service";
import {
  humanAnswer,
  startVerifierStandIn,
  type VerifierStandIn,
} from "../support/verifier-stand-in";

// The whole path with the real headers on: Chromium fills the real contact form of the
// production build, served by our own server (its own instance, since the global one has no
// mail server), which checks the token with a stand-in verifier, stores the enquiry in SQLite
// and mails it to an SMTP peer on loopback. Google's script is replaced by a stand-in that
// hands out a known token, so the build must have a site key (npm test builds with
// VITE_RECAPTCHA_SITE_KEY=test-site-key); the verifier accepts only that token.

const TOKEN = "browser-stand-in-token";
const SECRET = "e2e-recaptcha-secret";
const STAND_IN_GRECAPTCHA = `window.grecaptcha = {
  ready(callback) { setTimeout(callback, 0); },
  execute(_siteKey, options) {
    return options && options.action === "contact"
      ? Promise.resolve(${JSON.stringify(TOKEN)})
      : Promise.reject(new Error("unexpected action"));
  },
};`;

let smtp: SmtpPeer;
let verifier: VerifierStandIn;
let service: TestService;
let baseUrl: string;

test.beforeAll(async () => {
  smtp = await startSmtpPeer();
  verifier = await startVerifierStandIn((form) =>
    form.get("secret") === SECRET && form.get("response") === TOKEN
      ? humanAnswer()
      : { body: { success: false, "error-codes": ["invalid-input-response"] } },
  );
  service = await startTestService({
    SITE_ROOT: clientBuildDir,
    LOG_LEVEL: "warn",
    RECAPTCHA_SECRET: SECRET,
    RECAPTCHA_VERIFY_URL: verifier.url,
    ALLOWED_HOSTNAMES: "127.0.0.1",
    ...mailTo(smtp.port),
  });
  baseUrl = service.baseUrl;
});

test.afterAll(async () => {
  await service?.close();
  await smtp?.close();
  await verifier?.close();
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
  await page.route(/^https:\/\/www\.google\.com\/recaptcha\/api\.js/, (route) =>
    route.fulfill({ contentType: "text/javascript", body: STAND_IN_GRECAPTCHA }),
  );
  await page.route(
    (url) =>
      url.hostname !== "127.0.0.1" &&
      !url.href.startsWith("https://www.google.com/recaptcha/api.js"),
    (route) => route.abort(),
  );
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

  await expect(page.getByText("Email sent successfully")).toBeVisible({ timeout: 15_000 });
  expect(verifier.requests.map((r) => [r.get("secret"), r.get("response")])).toEqual([
    [SECRET, TOKEN],
  ]);

  await expect
    .poll(() => smtp.received.length, { timeout: 10_000, message: "mail at the SMTP peer" })
    .toBe(1);
  const [mail] = smtp.received;
  expect(mail?.to).toEqual(["sales@amanzi.example"]);
  const html = mail?.html ?? "";
  expect(html).toContain("Lerato &lt;Dlamini&gt;");
  expect(html).toContain("Quote for 12 meters &amp; &lt;b&gt;valves&lt;/b&gt;, please.");
  expect(mail?.text).toContain("0831234567");
  expect(violations).toEqual([]);
});
