import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { type DeliveryChannels, retentionStatement } from "../../contract/retention";
import { buildSettings, configuredChannels } from "../../contract/settings";
import { type BuildManifest, buildManifestFile, buildManifestOf } from "../../contract/site-build";
import { it } from "../../tests/support/server-test";
import { loadConfig } from "../config";
import { privacyStatementMismatch } from "./retention-plugin";

const mail: DeliveryChannels = { mail: true, webhook: false };

/** A build, in a new folder inside `dir`, whose manifest says it was made with `built`. */
function builtWith(dir: string, built: BuildManifest): string {
  const root = join(mkdtempSync(join(dir, "build-")), "client");
  writeFileSync(buildManifestFile(root), JSON.stringify(built));
  return root;
}

it("is satisfied when the build was made with the server's retention and channels", ({
  tempDir,
}) => {
  for (const days of [0, 1, 30, 365]) {
    const root = builtWith(tempDir, { retentionDays: days, channels: mail });
    expect(privacyStatementMismatch(root, days, mail)).toBe(undefined);
  }
});

it("agrees with a build made from the same settings as the server", ({ tempDir }) => {
  const webhook = {
    ENQUIRY_WEBHOOK_URL: "https://crm.example/hooks/enquiries",
    ENQUIRY_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
  };
  const smtp = {
    SMTP_URL: "smtps://mail.example",
    MAIL_FROM: "a@b.example",
    ENQUIRY_TO: "c@d.example",
  };
  for (const env of [
    {},
    { ENQUIRY_RETENTION_DAYS: " 30 " },
    webhook,
    smtp,
    { ...smtp, ...webhook },
  ]) {
    const root = builtWith(tempDir, buildManifestOf(buildSettings(env)));
    const config = loadConfig(env);
    expect(
      privacyStatementMismatch(root, config.retentionDays, config.channels),
      JSON.stringify(env),
    ).toBe(undefined);
  }
});

it("names ENQUIRY_RETENTION_DAYS and what the build states when they differ", ({ tempDir }) => {
  const root = builtWith(tempDir, { retentionDays: 365, channels: mail });
  expect(privacyStatementMismatch(root, 30, mail)).toBe(
    "The built privacy statement does not state ENQUIRY_RETENTION_DAYS=30 with SMTP_URL set, ENQUIRY_WEBHOOK_URL unset (it states 365 days, built with SMTP_URL set, ENQUIRY_WEBHOOK_URL unset): visitors are told something untrue. Rebuild the site (npm run build) with the same ENQUIRY_RETENTION_DAYS, SMTP_URL and ENQUIRY_WEBHOOK_URL as the server.",
  );
  const untilDelivered = builtWith(tempDir, { retentionDays: 0, channels: mail });
  expect(privacyStatementMismatch(untilDelivered, 7, mail)).toMatch(
    /ENQUIRY_RETENTION_DAYS=7 with .*\(it states until delivered, 0,/,
  );
});

it("names the delivery the server has when the build states another", ({ tempDir }) => {
  const root = builtWith(tempDir, { retentionDays: 365, channels: mail });
  expect(privacyStatementMismatch(root, 365, { mail: false, webhook: true })).toMatch(
    /SMTP_URL unset, ENQUIRY_WEBHOOK_URL set \(it states 365 days, built with SMTP_URL set/,
  );
});

it("says so when there is no build manifest to check", ({ tempDir }) => {
  expect(privacyStatementMismatch(join(tempDir, "client"), 365, mail)).toMatch(
    /^Cannot check that the privacy statement states ENQUIRY_RETENTION_DAYS=365: .*build-manifest\.json is missing/,
  );
});

it("words the period for each setting", () => {
  expect(retentionStatement(1, mail)).toMatch(/for 1 day after receiving it/);
  expect(retentionStatement(365, mail)).toMatch(
    /for 365 days after receiving it and then deletes it/,
  );
  expect(retentionStatement(0, mail)).toMatch(/only until it has been passed on to our team/);
});

it("says email only when enquiries go by email", () => {
  const channels = (env: Record<string, string>) =>
    retentionStatement(30, configuredChannels(buildSettings(env)));
  expect(channels({ SMTP_URL: "smtp://mail.example" })).toMatch(/by email is kept/);
  expect(channels({ ENQUIRY_WEBHOOK_URL: "https://crm.example/hook" })).not.toMatch(/email/);
  expect(channels({ ENQUIRY_WEBHOOK_URL: "https://crm.example/hook" })).toMatch(/enquiry system/);
  const both = channels({ SMTP_URL: "smtp://m.example", ENQUIRY_WEBHOOK_URL: "https://c.example" });
  expect(both).toMatch(/by email and to our enquiry system/);
  expect(channels({})).not.toMatch(/email|system/);
});
