import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { retentionStatement } from "../../contract/retention";
import { retentionDaysSetting } from "../../contract/retention-setting";
import { it } from "../../tests/support/server-test";
import { privacyStatementMismatch } from "./privacy-statement-check";

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
      privacyStatementMismatch(siteWithPrivacyPage(tempDir, retentionStatement(days)), days),
    ).toBe(undefined);
  }
});

it("names ENQUIRY_RETENTION_DAYS and what the page says when they differ", ({ tempDir }) => {
  const root = siteWithPrivacyPage(tempDir, retentionStatement(365));
  expect(privacyStatementMismatch(root, 30)).toBe(
    "The built privacy statement does not state ENQUIRY_RETENTION_DAYS=30 (it states 365 days): visitors are told something untrue. Rebuild the site (npm run build) with the same ENQUIRY_RETENTION_DAYS as the server.",
  );
  expect(privacyStatementMismatch(siteWithPrivacyPage(tempDir, retentionStatement(0)), 7)).toMatch(
    /ENQUIRY_RETENTION_DAYS=7 \(it states until delivered, 0\)/,
  );
});

it("says so when there is no privacy page to check", ({ tempDir }) => {
  expect(privacyStatementMismatch(tempDir, 365)).toMatch(
    /^Cannot check that the privacy statement states ENQUIRY_RETENTION_DAYS=365: .*privacy\/index\.html is missing/,
  );
});

it("words the period for each setting", () => {
  expect(retentionStatement(1)).toMatch(/for 1 day after receiving it/);
  expect(retentionStatement(365)).toMatch(/for 365 days after receiving it and then deletes it/);
  expect(retentionStatement(0)).toMatch(/only until it has been passed on to our team/);
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
