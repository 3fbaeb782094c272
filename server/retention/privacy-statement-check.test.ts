import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { type DeliveryChannels, retentionStatement } from "../../contract/retention";
import { buildSettings, configuredChannels } from "../../contract/settings";
import { type BuildManifest, buildManifestFile, buildManifestOf } from "../../contract/site-build";
import { test } from "../../tests/support/server-test";
import { loadConfig } from "../config";
import { privacyStatementMismatch } from "./retention-plugin";

const mail: DeliveryChannels = { mail: true, webhook: false };
const webhook = {
  ENQUIRY_WEBHOOK_URL: "https://crm.example/hooks/enquiries",
  ENQUIRY_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
};
const smtp = {
  SMTP_URL: "smtps://mail.example",
  MAIL_FROM: "a@b.example",
  ENQUIRY_TO: "c@d.example",
};

/** A build, in a new folder inside `dir`, whose manifest says it was made with `built`. */
function builtWith(dir: string, built: BuildManifest): string {
  const root = join(mkdtempSync(join(dir, "build-")), "client");
  writeFileSync(buildManifestFile(root), JSON.stringify(built));
  return root;
}

test("agrees with a build made from the same settings as the server", ({ tempDir }) => {
  for (const env of [
    {},
    { ENQUIRY_RETENTION_DAYS: " 30 " },
    { ENQUIRY_RETENTION_DAYS: "0" },
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

test("names the setting the server has and what the build states when they differ", ({
  tempDir,
}) => {
  const root = builtWith(tempDir, { retentionDays: 365, channels: mail });
  expect(privacyStatementMismatch(root, 30, mail)).toBe(
    "The built privacy statement does not state ENQUIRY_RETENTION_DAYS=30 with SMTP_URL set, ENQUIRY_WEBHOOK_URL unset (it states 365 days, built with SMTP_URL set, ENQUIRY_WEBHOOK_URL unset): visitors are told something untrue. Rebuild the site (npm run build) with the same ENQUIRY_RETENTION_DAYS, SMTP_URL and ENQUIRY_WEBHOOK_URL as the server.",
  );
  const untilDelivered = builtWith(tempDir, { retentionDays: 0, channels: mail });
  expect(privacyStatementMismatch(untilDelivered, 7, mail)).toMatch(
    /ENQUIRY_RETENTION_DAYS=7 with .*\(it states until delivered, 0,/,
  );
  expect(privacyStatementMismatch(root, 365, { mail: false, webhook: true })).toMatch(
    /SMTP_URL unset, ENQUIRY_WEBHOOK_URL set \(it states 365 days, built with SMTP_URL set/,
  );
});

test("says so when there is no build manifest to check", ({ tempDir }) => {
  expect(privacyStatementMismatch(join(tempDir, "client"), 365, mail)).toMatch(
    /^Cannot check that the privacy statement states ENQUIRY_RETENTION_DAYS=365: .*build-manifest\.json is missing/,
  );
});

test.each([
  [1, {}, /for 1 day after receiving it and then deletes it\..* to our team is/],
  [365, smtp, /for 365 days after receiving it and then deletes it\..* by email is/],
  [0, smtp, /only until it has been passed on to our team by email, and then deletes it/],
  [30, webhook, /to our team's enquiry system is/],
  [30, { ...smtp, ...webhook }, /by email and to our enquiry system is/],
])("words %i days, with the channels of %o, for the privacy statement", (days, env, words) => {
  expect(retentionStatement(days, configuredChannels(buildSettings(env)))).toMatch(words);
});
