import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeWithTsx } from "../tests/support/server-process";
import { test as serviceTest } from "../tests/support/server-test";
import { ConfigError, loadConfig } from "./config";

it("starts bare: every setting has a working default", () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    host: "127.0.0.1",
    port: 3000,
    siteRoot: "build/client",
    databaseUrl: "file:./data/enquiries.db",
    enquiryRateLimitPerMinute: 5,
    trustProxy: false,
    hsts: false,
    mail: undefined,
    delivery: { leaseMs: 60_000, pollMs: 2_000 },
    botCheck: undefined,
  });
});

it("serves the site the build wrote: BUILD_DIR moves both, SITE_ROOT overrides", () => {
  expect(loadConfig({ BUILD_DIR: "out" }).siteRoot).toBe(join("out", "client"));
  expect(loadConfig({ BUILD_DIR: "out", SITE_ROOT: "/srv/site" }).siteRoot).toBe("/srv/site");
});

it("keeps delivered enquiries a year unless told otherwise; 0 means until delivered", () => {
  expect(loadConfig({}).retentionDays).toBe(365);
  expect(loadConfig({ ENQUIRY_RETENTION_DAYS: "0" }).retentionDays).toBe(0);
});

it("counts visits unless INSIGHTS=off, flushing every 10 s and keeping counts 25 months", () => {
  expect(loadConfig({})).toMatchObject({
    insights: { flushSeconds: 10 },
    insightsRetentionMonths: 25,
  });
  expect(loadConfig({ INSIGHTS: "off", INSIGHTS_RETENTION_MONTHS: "13" })).toMatchObject({
    insights: undefined,
    insightsRetentionMonths: 13,
  });
  expect(loadConfig({ INSIGHTS_FLUSH_SECONDS: "60" }).insights).toEqual({ flushSeconds: 60 });
  expect(() => loadConfig({ INSIGHTS: "no", INSIGHTS_FLUSH_SECONDS: "0" })).toThrow(
    /INSIGHTS: use on or off\n\s+INSIGHTS_FLUSH_SECONDS: use at least 1/,
  );
});

it("selects PostgreSQL with a postgres:// DATABASE_URL", () => {
  for (const url of ["postgres://app@db.internal/enquiries", "postgresql://db/enquiries"]) {
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  }
});

it("leaves the bot check out without a secret, whatever else is set", () => {
  const config = loadConfig({ RECAPTCHA_MIN_SCORE: "0.7", ALLOWED_HOSTNAMES: "amanzi.example" });
  expect(config.botCheck).toBeUndefined();
});

it("takes the rate limit as a number, or off for load tests", () => {
  expect(loadConfig({ ENQUIRY_RATE_LIMIT_PER_MINUTE: "10000" }).enquiryRateLimitPerMinute).toBe(
    10_000,
  );
  expect(loadConfig({ ENQUIRY_RATE_LIMIT_PER_MINUTE: "off" }).enquiryRateLimitPerMinute).toBe(
    "off",
  );
});

it("treats empty values as unset, as a copied .env.example leaves them", () => {
  expect(loadConfig({ RECAPTCHA_SECRET: "", SMTP_URL: "", PORT: "" }).port).toBe(3000);
});

const mailTo = { MAIL_FROM: "website@amanzi.example", ENQUIRY_TO: "sales@amanzi.example" };

const webhook = {
  ENQUIRY_WEBHOOK_URL: "https://crm.example/hooks/enquiries",
  ENQUIRY_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
};

it.each([
  [{ PORT: "70000" }, "PORT"],
  [{ DATABASE_URL: "mysql://db/enquiries" }, "DATABASE_URL"],
  [{ DATABASE_URL: "file:" }, "DATABASE_URL"],
  [{ DELIVERY_LEASE_MS: "500" }, "DELIVERY_LEASE_MS"],
  [{ HSTS: "yes please" }, "HSTS"],
  [{ RECAPTCHA_MIN_SCORE: "1.5" }, "RECAPTCHA_MIN_SCORE"],
  [{ RECAPTCHA_VERIFY_URL: "not a url" }, "RECAPTCHA_VERIFY_URL"],
  [{ SMTP_URL: "http://mail.example" }, "SMTP_URL"],
  [{ SMTP_URL: "smtp://mail.example", MAIL_FROM: "website@amanzi.example" }, "ENQUIRY_TO"],
  [{ ENQUIRY_RATE_LIMIT_PER_MINUTE: "0" }, "ENQUIRY_RATE_LIMIT_PER_MINUTE"],
  [{ ENQUIRY_RATE_LIMIT_PER_MINUTE: "10001" }, "ENQUIRY_RATE_LIMIT_PER_MINUTE"],
  [{ ENQUIRY_RATE_LIMIT_PER_MINUTE: "none" }, "ENQUIRY_RATE_LIMIT_PER_MINUTE"],
  [{ ENQUIRY_RETENTION_DAYS: "-1" }, "ENQUIRY_RETENTION_DAYS"],
  [{ ENQUIRY_RETENTION_DAYS: "a year" }, "ENQUIRY_RETENTION_DAYS"],
  [{ ...mailTo, SMTP_URL: "smtp://mail.example:587?ignoreTLS=true" }, "SMTP_URL"],
  [{ ...mailTo, SMTP_URL: "smtp://mail.example:25?secure=false&ignoreTLS=true" }, "SMTP_URL"],
  [{ ...mailTo, SMTP_URL: "smtp://mail.example:587?requireTLS=false" }, "SMTP_URL"],
  [{ ...mailTo, SMTP_URL: "smtps://mail.example?tls.rejectUnauthorized=false" }, "SMTP_URL"],
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
])("refuses %j, naming %s", (env, variable) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${variable}: `));
});

serviceTest(
  "says at start when it skips the bot check or has nowhere to deliver, and not once it has",
  async ({ startService, startMailingService }) => {
    const bare = (await startService()).logs.join("");
    expect(bare).toMatch(/RECAPTCHA_SECRET is not set: the bot check is SKIPPED/);
    expect(bare).toMatch(/Neither SMTP_URL nor ENQUIRY_WEBHOOK_URL is set/);
    const mailing = (await startMailingService()).service.logs.join("");
    expect(mailing).not.toMatch(/Neither SMTP_URL nor ENQUIRY_WEBHOOK_URL/);
  },
);

it("takes a signed webhook over HTTPS, or plain HTTP to loopback, with or without mail", () => {
  const config = loadConfig(webhook);
  expect(config.webhook).toEqual({
    url: "https://crm.example/hooks/enquiries",
    secret: webhook.ENQUIRY_WEBHOOK_SECRET,
    timeoutMs: 10_000,
  });
  expect(config.mail).toBeUndefined();
  expect(config.acknowledgement).toBeUndefined();
  const local = { ...webhook, ENQUIRY_WEBHOOK_URL: "http://127.0.0.1:8080/hooks" };
  expect(loadConfig(local).webhook?.url).toBe("http://127.0.0.1:8080/hooks");
  expect(
    loadConfig({
      ...mailTo,
      ...webhook,
      SMTP_URL: "smtps://mail.example",
      ENQUIRY_ACKNOWLEDGE: "true",
    }),
  ).toMatchObject({
    mail: { to: "sales@amanzi.example" },
    webhook: { timeoutMs: 10_000 },
    acknowledgement: { answerWithin: "within two working days" },
  });
});

it("reads a full mail and bot-check setup", () => {
  const config = loadConfig({
    SMTP_URL: "smtps://user:pass@mail.example:465",
    MAIL_FROM: "website@amanzi.example",
    ENQUIRY_TO: "sales@amanzi.example",
    RECAPTCHA_SECRET: "s",
    ALLOWED_HOSTNAMES: "Amanzi.example, www.amanzi.example,",
    TRUST_PROXY: "127.0.0.1",
  });
  expect(config.mail).toEqual({
    smtpUrl: "smtps://user:pass@mail.example:465",
    from: "website@amanzi.example",
    to: "sales@amanzi.example",
  });
  expect(config.botCheck).toEqual({
    secret: "s",
    verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
    minScore: 0.5,
    timeoutMs: 5000,
    allowedHostnames: ["amanzi.example", "www.amanzi.example"],
  });
  expect(config.trustProxy).toEqual(["127.0.0.1"]);
});

it("trusts the proxies' own addresses, never every hop or a count of hops", () => {
  expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1,loopback" }).trustProxy).toEqual([
    "127.0.0.1",
    "10.0.0.0/8",
    "::1",
    "loopback",
  ]);
  // `true` made the address a visitor writes their address: it stops startup naming the new values.
  for (const value of ["true", "1", "2", "yes", "10.0.0.0/33", "proxy.internal"]) {
    expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
      /TRUST_PROXY: use the addresses or CIDR ranges of the proxies .*true and a number of hops are no longer taken/,
    );
  }
});

it("takes the site's public address as an origin only", () => {
  expect(loadConfig({}).siteUrl).toBeUndefined();
  expect(loadConfig({ SITE_URL: "https://www.amanzi.example/" }).siteUrl).toBe(
    "https://www.amanzi.example",
  );
  for (const value of ["www.amanzi.example", "https://www.amanzi.example/contact", "ftp://x"]) {
    expect(() => loadConfig({ SITE_URL: value }), value).toThrow(/SITE_URL: use the site's origin/);
  }
});

it("lets a mail server on loopback (a local relay, the tests' peer) be spoken to in plain text", () => {
  for (const host of ["127.0.0.1", "localhost", "[::1]"]) {
    const smtpUrl = `smtp://${host}:2525?ignoreTLS=true`;
    expect(loadConfig({ ...mailTo, SMTP_URL: smtpUrl }).mail?.smtpUrl).toBe(smtpUrl);
  }
});

describe("entry points", () => {
  const runCli = (cwd: string) =>
    spawnSync(...nodeWithTsx("server/cli/enquiries-cli.ts", ["list", "--json"]), {
      cwd,
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
      timeout: 20_000,
    });

  it("read a .env file in the working directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "dotenv-"));
    writeFileSync(join(dir, ".env"), `DATABASE_URL=file:${join(dir, "from-dotenv.db")}\n`);
    const result = runCli(dir);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(existsSync(join(dir, "from-dotenv.db"))).toBe(true);
  });

  it("stop with the variable's name when a value is bad", () => {
    const dir = mkdtempSync(join(tmpdir(), "dotenv-"));
    writeFileSync(
      join(dir, ".env"),
      "PORT=not-a-port\nENQUIRY_WEBHOOK_URL=https://crm.example/hooks\nENQUIRY_WEBHOOK_SECRET=whsec_short\n",
    );
    const result = runCli(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
    expect(result.stderr).toMatch(/ENQUIRY_WEBHOOK_SECRET: use whsec_/);
    // The secret itself is never echoed back.
    expect(result.stderr).not.toContain("whsec_short");
  });
});
