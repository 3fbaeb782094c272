import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import {
  type DeliveryChannels,
  deliveryChannelsOf,
  retentionStatement,
} from "../../contract/retention";
import { retentionDaysSetting } from "../../contract/retention-setting";
import { it } from "../../tests/support/server-test";
import { privacyStatementMismatch } from "./retention-plugin";

const email: DeliveryChannels = { email: true, webhook: false };

/**
 * A site, in a new folder inside `dir`, whose privacy page holds `paragraph`, escaped as React
 * escapes text.
 */
function siteWithPrivacyPage(dir: string, paragraph: string): string {
  const root = mkdtempSync(join(dir, "site-"));
  mkdirSync(join(root, "privacy"));
  const escaped = paragraph.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");
  writeFileSync(
    join(root, "privacy", "index.html"),
    `<!DOCTYPE html><html><body><main><h2>Security</h2>\n<p>${escaped}</p></main></body></html>`,
  );
  return root;
}

it("is satisfied when the built page states the configured period", ({ tempDir }) => {
  for (const days of [0, 1, 30, 365]) {
    expect(
      privacyStatementMismatch(
        siteWithPrivacyPage(tempDir, retentionStatement(days, email)),
        days,
        email,
      ),
    ).toBe(undefined);
  }
});

it("names ENQUIRY_RETENTION_DAYS and what the page says when they differ", ({ tempDir }) => {
  const root = siteWithPrivacyPage(tempDir, retentionStatement(365, email));
  expect(privacyStatementMismatch(root, 30, email)).toBe(
    "The built privacy statement does not state ENQUIRY_RETENTION_DAYS=30 with SMTP_URL set, ENQUIRY_WEBHOOK_URL unset (it states 365 days): visitors are told something untrue. Rebuild the site (npm run build) with the same ENQUIRY_RETENTION_DAYS, SMTP_URL and ENQUIRY_WEBHOOK_URL as the server.",
  );
  expect(
    privacyStatementMismatch(siteWithPrivacyPage(tempDir, retentionStatement(0, email)), 7, email),
  ).toMatch(/ENQUIRY_RETENTION_DAYS=7 with .*\(it states until delivered, 0\)/);
});

it("names the delivery the server has when the page states another", ({ tempDir }) => {
  const root = siteWithPrivacyPage(tempDir, retentionStatement(365, email));
  const webhook = { email: false, webhook: true };
  expect(privacyStatementMismatch(root, 365, webhook)).toMatch(
    /SMTP_URL unset, ENQUIRY_WEBHOOK_URL set \(it states 365 days\)/,
  );
});

it("says so when there is no privacy page to check", ({ tempDir }) => {
  expect(privacyStatementMismatch(tempDir, 365, email)).toMatch(
    /^Cannot check that the privacy statement states ENQUIRY_RETENTION_DAYS=365: .*privacy\/index\.html is missing/,
  );
});

it("words the period for each setting", () => {
  expect(retentionStatement(1, email)).toMatch(/for 1 day after receiving it/);
  expect(retentionStatement(365, email)).toMatch(
    /for 365 days after receiving it and then deletes it/,
  );
  expect(retentionStatement(0, email)).toMatch(/only until it has been passed on to our team/);
});

it("says email only when enquiries go by email", () => {
  const channels = (env: Record<string, string>) => retentionStatement(30, deliveryChannelsOf(env));
  expect(channels({ SMTP_URL: "smtp://mail.example" })).toMatch(/by email is kept/);
  expect(channels({ ENQUIRY_WEBHOOK_URL: "https://crm.example/hook" })).not.toMatch(/email/);
  expect(channels({ ENQUIRY_WEBHOOK_URL: "https://crm.example/hook" })).toMatch(/enquiry system/);
  const both = channels({ SMTP_URL: "smtp://m.example", ENQUIRY_WEBHOOK_URL: "https://c.example" });
  expect(both).toMatch(/by email and to our enquiry system/);
  expect(channels({})).not.toMatch(/email|system/);
});

it("checks the setting the same way for server and build", () => {
  expect(retentionDaysSetting.parse(undefined)).toBe(365);
  expect(retentionDaysSetting.parse("")).toBe(365);
  expect(retentionDaysSetting.parse("0")).toBe(0);
  expect(retentionDaysSetting.parse(" 30 ")).toBe(30);
  for (const bad of ["-1", "1.5", "a year", "36501"]) {
    expect(retentionDaysSetting.safeParse(bad).success, bad).toBe(false);
  }
});
