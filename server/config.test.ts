import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { SettingsError } from "../contract/settings";
import { nodeWithTsx } from "../tests/support/server-process";
import { test as serviceTest } from "../tests/support/server-test";
import { loadConfig } from "./config";

const mailTo = { MAIL_FROM: "website@amanzi.example", ENQUIRY_TO: "sales@amanzi.example" };

const webhook = {
  ENQUIRY_WEBHOOK_URL: "https://crm.example/hooks/enquiries",
  ENQUIRY_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
};

const trustProxyHint =
  "use the addresses or CIDR ranges of the proxies .*true and a number of hops are no longer taken";

it.each([
  // Bare: every setting has a working default.
  [
    {},
    {
      host: "127.0.0.1",
      port: 3000,
      siteRoot: "build/client",
      databaseUrl: "file:./data/enquiries.db",
      enquiryRateLimitPerMinute: 5,
      trustProxy: false,
      siteUrl: undefined,
      hsts: false,
      mail: undefined,
      delivery: { leaseMs: 60_000, pollMs: 2_000 },
      // First within 10 s, doubling up to 10 minutes (delivery-worker.test.ts: the doubling).
      retry: { baseMs: 5_000, capMs: 600_000 },
      botCheck: undefined,
      insights: { flushSeconds: 10 },
      insightsRetentionMonths: 25,
      metrics: undefined,
    },
  ],
  // The site the build wrote: BUILD_DIR moves both, SITE_ROOT overrides.
  [{ BUILD_DIR: "out" }, { siteRoot: join("out", "client") }],
  [{ BUILD_DIR: "out", SITE_ROOT: "/srv/site" }, { siteRoot: "/srv/site" }],
  [
    { INSIGHTS: "off", INSIGHTS_RETENTION_MONTHS: "13" },
    { insights: undefined, insightsRetentionMonths: 13 },
  ],
  [{ INSIGHTS_FLUSH_SECONDS: "60" }, { insights: { flushSeconds: 60 } }],
  [
    { DATABASE_URL: "postgres://app@db.internal/e" },
    { databaseUrl: "postgres://app@db.internal/e" },
  ],
  [{ DATABASE_URL: "postgresql://db/enquiries" }, { databaseUrl: "postgresql://db/enquiries" }],
  // No bot check without a secret, whatever else is set.
  [{ RECAPTCHA_MIN_SCORE: "0.7", ALLOWED_HOSTNAMES: "amanzi.example" }, { botCheck: undefined }],
  [{ ENQUIRY_RATE_LIMIT_PER_MINUTE: "10000" }, { enquiryRateLimitPerMinute: 10_000 }],
  [{ ENQUIRY_RATE_LIMIT_PER_MINUTE: "off" }, { enquiryRateLimitPerMinute: "off" }],
  [
    webhook,
    {
      webhook: { url: webhook.ENQUIRY_WEBHOOK_URL, secret: webhook.ENQUIRY_WEBHOOK_SECRET },
      mail: undefined,
      acknowledgement: undefined,
    },
  ],
  // Plain HTTP to a receiver on loopback.
  [
    { ...webhook, ENQUIRY_WEBHOOK_URL: "http://127.0.0.1:8080/hooks" },
    { webhook: { url: "http://127.0.0.1:8080/hooks", timeoutMs: 10_000 } },
  ],
  [
    { ...mailTo, ...webhook, SMTP_URL: "smtps://mail.example", ENQUIRY_ACKNOWLEDGE: "true" },
    {
      mail: { to: "sales@amanzi.example" },
      webhook: { timeoutMs: 10_000 },
      acknowledgement: { answerWithin: "within two working days" },
    },
  ],
  [
    {
      ...mailTo,
      SMTP_URL: "smtps://user:pass@mail.example:465",
      RECAPTCHA_SECRET: "s",
      ALLOWED_HOSTNAMES: "Amanzi.example, www.amanzi.example,",
      TRUST_PROXY: "127.0.0.1",
    },
    {
      mail: { smtpUrl: "smtps://user:pass@mail.example:465", from: mailTo.MAIL_FROM },
      botCheck: {
        secret: "s",
        verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
        minScore: 0.5,
        timeoutMs: 5000,
        allowedHostnames: ["amanzi.example", "www.amanzi.example"],
      },
      trustProxy: ["127.0.0.1"],
    },
  ],
  // The proxies' own addresses, never every hop or a count of hops.
  [{ TRUST_PROXY: "false" }, { trustProxy: false }],
  [{ TRUST_PROXY: "0" }, { trustProxy: false }],
  [
    { TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1,loopback" },
    { trustProxy: ["127.0.0.1", "10.0.0.0/8", "::1", "loopback"] },
  ],
  [{ SITE_URL: "https://www.amanzi.example/" }, { siteUrl: "https://www.amanzi.example" }],
  // A mail server on loopback (a local relay, the tests' peer) may be spoken to in plain text.
  ...["127.0.0.1", "localhost", "[::1]"].map((host) => [
    { ...mailTo, SMTP_URL: `smtp://${host}:2525?ignoreTLS=true` },
    { mail: { smtpUrl: `smtp://${host}:2525?ignoreTLS=true` } },
  ]),
  // Metrics only when METRICS_PORT is set, on loopback unless told otherwise.
  [{ METRICS_PORT: "9464" }, { metrics: { host: "127.0.0.1", port: 9464 } }],
  [{ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }, { metrics: { host: "0.0.0.0" } }],
] as [Record<string, string>, Record<string, unknown>][])("reads %j", (env, expected) => {
  expect(loadConfig(env)).toMatchObject(expected);
});

it.each([
  [{ PORT: "70000" }, "PORT"],
  [{ DATABASE_URL: "mysql://db/enquiries" }, "DATABASE_URL"],
  [{ DATABASE_URL: "file:" }, "DATABASE_URL"],
  [{ DELIVERY_LEASE_MS: "500" }, "DELIVERY_LEASE_MS"],
  [{ HSTS: "yes please" }, "HSTS"],
  [{ INSIGHTS: "no" }, "INSIGHTS", "use on or off"],
  [{ INSIGHTS_FLUSH_SECONDS: "0" }, "INSIGHTS_FLUSH_SECONDS", "use at least 1"],
  [{ RECAPTCHA_MIN_SCORE: "1.5" }, "RECAPTCHA_MIN_SCORE"],
  [{ RECAPTCHA_VERIFY_URL: "not a url" }, "RECAPTCHA_VERIFY_URL"],
  [{ SMTP_URL: "http://mail.example" }, "SMTP_URL"],
  [{ SMTP_URL: "smtp://mail.example", MAIL_FROM: "website@amanzi.example" }, "ENQUIRY_TO"],
  // Each TLS setting that turns TLS off: server/smtp.test.ts.
  [{ ...mailTo, SMTP_URL: "smtp://mail.example:587?ignoreTLS=true" }, "SMTP_URL"],
  [{ ENQUIRY_RATE_LIMIT_PER_MINUTE: "0" }, "ENQUIRY_RATE_LIMIT_PER_MINUTE"],
  [{ ENQUIRY_RATE_LIMIT_PER_MINUTE: "10001" }, "ENQUIRY_RATE_LIMIT_PER_MINUTE"],
  [{ ENQUIRY_RATE_LIMIT_PER_MINUTE: "none" }, "ENQUIRY_RATE_LIMIT_PER_MINUTE"],
  [{ ...webhook, ENQUIRY_WEBHOOK_SECRET: "not-a-secret" }, "ENQUIRY_WEBHOOK_SECRET"],
  [{ ...webhook, ENQUIRY_WEBHOOK_SECRET: "whsec_c2hvcnQ=" }, "ENQUIRY_WEBHOOK_SECRET"],
  [{ ...webhook, ENQUIRY_WEBHOOK_SECRET: `whsec_${"%".repeat(44)}` }, "ENQUIRY_WEBHOOK_SECRET"],
  [{ ...webhook, ENQUIRY_WEBHOOK_SECRET: undefined }, "ENQUIRY_WEBHOOK_SECRET"],
  [{ ...webhook, ENQUIRY_WEBHOOK_URL: undefined }, "ENQUIRY_WEBHOOK_URL"],
  [{ ...webhook, ENQUIRY_WEBHOOK_URL: "http://crm.example/hooks" }, "ENQUIRY_WEBHOOK_URL"],
  [{ ...webhook, ENQUIRY_WEBHOOK_URL: "ftp://crm.example/hooks" }, "ENQUIRY_WEBHOOK_URL"],
  [{ ...webhook, ENQUIRY_WEBHOOK_URL: "https://me:pw@crm.example/hooks" }, "ENQUIRY_WEBHOOK_URL"],
  [{ ...webhook, ENQUIRY_WEBHOOK_TIMEOUT_MS: "10" }, "ENQUIRY_WEBHOOK_TIMEOUT_MS"],
  [{ ...webhook, ENQUIRY_ACKNOWLEDGE: "true" }, "SMTP_URL"],
  [
    { ...mailTo, ENQUIRY_ACKNOWLEDGE_ANSWER_WITHIN: "<a href=x>soon</a>" },
    "ENQUIRY_ACKNOWLEDGE_ANSWER_WITHIN",
  ],
  [{ CMS_GITHUB_CLIENT_ID: "an-app" }, "CMS_GITHUB_CLIENT_SECRET"],
  // `true` made the address a visitor writes their address: it stops startup naming the new values.
  ...["true", "1", "2", "yes", "10.0.0.0/33", "proxy.internal"].map((value) => [
    { TRUST_PROXY: value },
    "TRUST_PROXY",
    trustProxyHint,
  ]),
  ...["www.amanzi.example", "https://www.amanzi.example/contact", "ftp://x"].map((value) => [
    { SITE_URL: value },
    "SITE_URL",
    "use the site's origin",
  ]),
] as [Record<string, string | undefined>, string, string?][])(
  "refuses %j, naming %s",
  (env, variable, hint = "") => {
    expect(() => loadConfig(env)).toThrow(SettingsError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${variable}: ${hint}`));
  },
);

serviceTest(
  "says at start when it skips the bot check or has nowhere to deliver, and not once it has",
  async ({ buildService, startMailingService }) => {
    const bare = (await buildService()).logs.join("");
    expect(bare).toMatch(/RECAPTCHA_SECRET is not set: the bot check is SKIPPED/);
    expect(bare).toMatch(/Neither SMTP_URL nor ENQUIRY_WEBHOOK_URL is set/);
    const mailing = (await startMailingService()).service.logs.join("");
    expect(mailing).not.toMatch(/Neither SMTP_URL nor ENQUIRY_WEBHOOK_URL/);
  },
);

// Every entry point (main.ts, the command lines) loads its settings by loadConfigOrExit.
it("stops an entry point with each bad setting's name, read from .env, never echoing a secret", () => {
  const dir = mkdtempSync(join(tmpdir(), "dotenv-"));
  writeFileSync(
    join(dir, ".env"),
    "PORT=not-a-port\nENQUIRY_WEBHOOK_URL=https://crm.example/hooks\nENQUIRY_WEBHOOK_SECRET=whsec_short\n",
  );
  const result = spawnSync(...nodeWithTsx("server/cli/enquiries-cli.ts", ["list", "--json"]), {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("PORT");
  expect(result.stderr).toMatch(/ENQUIRY_WEBHOOK_SECRET: use whsec_/);
  expect(result.stderr).not.toContain("whsec_short");
});
