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
    { HELD_RETENTION_DAYS: "7" },
  ]) {
    const root = builtWith(tempDir, buildManifestOf(buildSettings(env)));
    const config = loadConfig(env);
    expect(
      privacyStatementMismatch(
        root,
        config.retentionDays,
        config.channels,
        config.heldRetentionDays,
      ),
      JSON.stringify(env),
    ).toBe(undefined);
  }
});

test("names the setting the server has and what the build states when they differ", ({
  tempDir,
}) => {
  const root = builtWith(tempDir, { retentionDays: 365, heldRetentionDays: 30, channels: mail });
  expect(privacyStatementMismatch(root, 30, mail, 30)).toBe(
    "The built privacy statement does not state ENQUIRY_RETENTION_DAYS=30 and HELD_RETENTION_DAYS=30 with SMTP_URL set, ENQUIRY_WEBHOOK_URL unset (it states 365 days and 30 held, built with SMTP_URL set, ENQUIRY_WEBHOOK_URL unset): visitors are told something untrue. Rebuild the site (npm run build) with the same ENQUIRY_RETENTION_DAYS, HELD_RETENTION_DAYS, SMTP_URL and ENQUIRY_WEBHOOK_URL as the server.",
  );
  const untilDelivered = builtWith(tempDir, {
    retentionDays: 0,
    heldRetentionDays: 30,
    channels: mail,
  });
  expect(privacyStatementMismatch(untilDelivered, 7, mail, 30)).toMatch(
    /ENQUIRY_RETENTION_DAYS=7 and .*\(it states until delivered, 0 and 30 held,/,
  );
  expect(privacyStatementMismatch(root, 365, { mail: false, webhook: true }, 30)).toMatch(
    /SMTP_URL unset, ENQUIRY_WEBHOOK_URL set \(it states 365 days and 30 held, built with SMTP_URL set/,
  );
  expect(privacyStatementMismatch(root, 365, mail, 14)).toMatch(
    /HELD_RETENTION_DAYS=14 .*\(it states 365 days and 30 held,/,
  );
  // A build from before held enquiries stated nothing of them.
  const older = builtWith(tempDir, { retentionDays: 365, channels: mail } as BuildManifest);
  expect(privacyStatementMismatch(older, 365, mail, 30)).toMatch(
    /\(it states 365 days and none held,/,
  );
});

test("says so when there is no build manifest to check", ({ tempDir }) => {
  expect(privacyStatementMismatch(join(tempDir, "client"), 365, mail, 30)).toMatch(
    /^Cannot check that the privacy statement states ENQUIRY_RETENTION_DAYS=365: .*build-manifest\.json is missing/,
  );
});

const held =
  /An enquiry our bot check doubts is held for our staff to look at; unless they release it, it is deleted 30 days after we received it\.$/;

test.each([
  [1, {}, /for 1 day after receiving it and then deletes it\..* to our team is/],
  [365, smtp, /for 365 days after receiving it and then deletes it\..* by email is/],
  [0, smtp, /only until it has been passed on to our team by email, and then deletes it/],
  [30, webhook, /to our team's enquiry system is/],
  [30, { ...smtp, ...webhook }, /by email and to our enquiry system is/],
  [0, {}, held],
  [365, {}, held],
])("words %i days, with the channels of %o, for the privacy statement", (days, env, words) => {
  expect(retentionStatement(days, configuredChannels(buildSettings(env)), 30)).toMatch(words);
});

test("words the held enquiries' period from HELD_RETENTION_DAYS", () => {
  expect(retentionStatement(365, { mail: true, webhook: false }, 1)).toMatch(
    /unless they release it, it is deleted 1 day after we received it\.$/,
  );
});
