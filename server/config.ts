import { isIP } from "node:net";
import { z } from "zod";
import { retentionDaysSetting } from "../contract/retention-setting";
import { readSettings } from "../contract/settings-source";
import { siteRootOf } from "../contract/site-build";
import { isLoopbackHost, smtpTlsProblem } from "./smtp";
import { storeKindOf } from "./store/open-enquiry-store";

// Every server setting is read and checked here, once, at startup (.env.example says what each
// does): a wrong value stops startup with its name, not a strange failure hours later.

/** Why this webhook secret cannot sign (Standard Webhooks asks for 24 to 64 random bytes), or undefined. */
function webhookSecretProblem(secret: string): string | undefined {
  const key = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret)?.[1];
  const bytes = key && key.length % 4 === 0 ? Buffer.from(key, "base64").length : 0;
  if (bytes >= 24 && bytes <= 64) return undefined;
  return "use whsec_ followed by 24 to 64 random bytes in base64 (e.g. `echo whsec_$(openssl rand -base64 32)`)";
}

const flag = z
  .enum(["true", "false", "1", "0"], "use true or false")
  .transform((value) => value === "true" || value === "1");

/**
 * Which peers may say who the client is (X-Forwarded-For, -Proto): none, or the proxies' own
 * addresses and ranges. Never every hop: a visitor writes the header's left end. Never a count:
 * Fastify then trusts nobody, as a count cannot tell the proxy from a visitor connecting directly.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | string[] => {
    if (value === "false" || value === "0") return false;
    const list = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const isAddress = (entry: string) => {
      if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
      const [address = "", bits, ...rest] = entry.split("/");
      const version = isIP(address);
      const max = version === 4 ? 32 : 128;
      const goodBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
      return version !== 0 && goodBits && rest.length === 0;
    };
    if (list.length > 0 && list.every(isAddress)) return list;
    context.addIssue({
      code: "custom",
      message:
        "use the addresses or CIDR ranges of the proxies in front of the service, comma-separated " +
        "(127.0.0.1 for nginx on this machine; 10.0.0.0/8; loopback), or false. " +
        "true and a number of hops are no longer taken: they let a visitor write their own address",
    });
    return z.NEVER;
  });

/** The site's public origin, like https://www.example.co.za: no path, query or fragment. */
const origin = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ""))
  .refine(
    (value) => /^https?:\/\/[^/?#@\s]+$/.test(value) && URL.canParse(value),
    "use the site's origin only, like https://www.example.co.za",
  );

const integer = (min: number, max: number) =>
  z.coerce
    .number("use a whole number")
    .int("use a whole number")
    .min(min, `use at least ${min}`)
    .max(max, `use at most ${max}`);

const envSchema = z
  .object({
    HOST: z.string().default("127.0.0.1"),
    PORT: integer(0, 65_535).default(3000),
    BUILD_DIR: z.string().optional(),
    SITE_ROOT: z.string().optional(),
    DATABASE_URL: z
      .string()
      .refine(
        (url) => storeKindOf(url) !== undefined,
        "use file:<path> (SQLite) or postgres://… (PostgreSQL)",
      )
      .default("file:./data/enquiries.db"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    TRUST_PROXY: trustProxy.default(false),
    SITE_URL: origin.optional(),
    ADMIN_WITHOUT_SIGN_IN: flag.default(false),
    HSTS: flag.default(false),
    ENQUIRY_RATE_LIMIT_PER_MINUTE: z
      .union([z.literal("off"), integer(1, 10_000)], "use a whole number from 1 to 10000, or off")
      .default(5),
    RECAPTCHA_SECRET: z.string().optional(),
    RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
    RECAPTCHA_MIN_SCORE: z.coerce.number("use a number from 0 to 1").min(0).max(1).default(0.5),
    RECAPTCHA_TIMEOUT_MS: integer(100, 60_000).default(5000),
    // A comma-separated list; none listed is none at all.
    ALLOWED_HOSTNAMES: z
      .string()
      .transform((list) => list.toLowerCase().match(/[^\s,]+/g) ?? undefined)
      .optional(),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "use smtp://host:port or smtps://user:pass@host:port" })
      .optional(),
    MAIL_FROM: z.email("use a plain address such as website@example.co.za").optional(),
    ENQUIRY_TO: z.email("use a plain address such as sales@example.co.za").optional(),
    ENQUIRY_WEBHOOK_URL: z
      .url({ protocol: /^https?$/, error: "use https://host/path (http:// only on loopback)" })
      .refine(
        (url) => new URL(url).protocol === "https:" || isLoopbackHost(new URL(url).hostname),
        "use https:// (enquiries are personal information); http:// only to a receiver on loopback",
      )
      .refine(
        (url) => !new URL(url).username && !new URL(url).password,
        "put no user or password in the URL: the signature is what shows the request is ours",
      )
      .optional(),
    ENQUIRY_WEBHOOK_SECRET: z
      .string()
      .refine((secret) => webhookSecretProblem(secret) === undefined, {
        error: (issue) => webhookSecretProblem(String(issue.input)),
      })
      .optional(),
    ENQUIRY_WEBHOOK_TIMEOUT_MS: integer(100, 120_000).default(10_000),
    ENQUIRY_ACKNOWLEDGE: flag.default(false),
    ENQUIRY_ACKNOWLEDGE_ANSWER_WITHIN: z
      .string()
      .regex(/^[\p{L}\p{N} ,.'-]{1,80}$/u, "use a few plain words, like: within two working days")
      .default("within two working days"),
    DELIVERY_RETRY_BASE_MS: integer(10, 10_000).default(5000),
    DELIVERY_RETRY_CAP_MS: integer(10, 86_400_000).default(600_000),
    DELIVERY_ALERT_AFTER_MINUTES: integer(1, 525_600).default(60),
    ENQUIRY_RETENTION_DAYS: retentionDaysSetting,
    METRICS_PORT: integer(1, 65_535).optional(),
    METRICS_HOST: z.string().default("127.0.0.1"),
    DELIVERY_LEASE_MS: integer(1_000, 3_600_000).default(60_000),
    DELIVERY_POLL_MS: integer(50, 60_000).default(2_000),
    CMS_GITHUB_CLIENT_ID: z.string().optional(),
    CMS_GITHUB_CLIENT_SECRET: z.string().optional(),
    CMS_GITHUB_OAUTH_URL: z.url().default("https://github.com"),
    CMS_GITHUB_API_URL: z.url().default("https://api.github.com"),
    CMS_GITHUB_REPO: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, "use owner/name, like amanzi-meters/website")
      .optional(),
    INSIGHTS: z.enum(["on", "off"], "use on or off").default("on"),
    INSIGHTS_FLUSH_SECONDS: integer(1, 3600).default(10),
    INSIGHTS_RETENTION_MONTHS: integer(1, 1200).default(25),
  })
  .superRefine((env, context) => {
    const problem = (key: keyof typeof env, message: string) =>
      context.addIssue({ code: "custom", path: [key], message });
    if (env.ENQUIRY_WEBHOOK_URL && !env.ENQUIRY_WEBHOOK_SECRET)
      problem("ENQUIRY_WEBHOOK_SECRET", "required when ENQUIRY_WEBHOOK_URL is set");
    if (env.ENQUIRY_WEBHOOK_SECRET && !env.ENQUIRY_WEBHOOK_URL)
      problem("ENQUIRY_WEBHOOK_URL", "required when ENQUIRY_WEBHOOK_SECRET is set");
    if (env.ENQUIRY_ACKNOWLEDGE && !env.SMTP_URL)
      problem("SMTP_URL", "required when ENQUIRY_ACKNOWLEDGE is true");
    if (!env.CMS_GITHUB_CLIENT_ID !== !env.CMS_GITHUB_CLIENT_SECRET) {
      problem(
        env.CMS_GITHUB_CLIENT_ID ? "CMS_GITHUB_CLIENT_SECRET" : "CMS_GITHUB_CLIENT_ID",
        "set both CMS_GITHUB_CLIENT_ID and CMS_GITHUB_CLIENT_SECRET, or neither",
      );
    }
    if (!env.SMTP_URL) return;
    const tlsProblem = smtpTlsProblem(env.SMTP_URL);
    if (tlsProblem) problem("SMTP_URL", tlsProblem);
    for (const key of ["MAIL_FROM", "ENQUIRY_TO"] as const) {
      if (!env[key]) problem(key, "required when SMTP_URL is set");
    }
  })
  .transform((e) => ({
    host: e.HOST,
    port: e.PORT,
    siteRoot: e.SITE_ROOT ?? siteRootOf(e.BUILD_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    siteUrl: e.SITE_URL,
    adminWithoutSignIn: e.ADMIN_WITHOUT_SIGN_IN,
    hsts: e.HSTS,
    enquiryRateLimitPerMinute: e.ENQUIRY_RATE_LIMIT_PER_MINUTE,
    botCheck: e.RECAPTCHA_SECRET
      ? {
          secret: e.RECAPTCHA_SECRET,
          verifyUrl: e.RECAPTCHA_VERIFY_URL,
          minScore: e.RECAPTCHA_MIN_SCORE,
          timeoutMs: e.RECAPTCHA_TIMEOUT_MS,
          allowedHostnames: e.ALLOWED_HOSTNAMES,
        }
      : undefined,
    mail:
      e.SMTP_URL && e.MAIL_FROM && e.ENQUIRY_TO
        ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, to: e.ENQUIRY_TO }
        : undefined,
    webhook:
      e.ENQUIRY_WEBHOOK_URL && e.ENQUIRY_WEBHOOK_SECRET
        ? {
            url: e.ENQUIRY_WEBHOOK_URL,
            secret: e.ENQUIRY_WEBHOOK_SECRET,
            timeoutMs: e.ENQUIRY_WEBHOOK_TIMEOUT_MS,
          }
        : undefined,
    acknowledgement: e.ENQUIRY_ACKNOWLEDGE
      ? { answerWithin: e.ENQUIRY_ACKNOWLEDGE_ANSWER_WITHIN }
      : undefined,
    retry: { baseMs: e.DELIVERY_RETRY_BASE_MS, capMs: e.DELIVERY_RETRY_CAP_MS },
    deliveryAlertAfterMinutes: e.DELIVERY_ALERT_AFTER_MINUTES,
    metrics: e.METRICS_PORT ? { host: e.METRICS_HOST, port: e.METRICS_PORT } : undefined,
    retentionDays: e.ENQUIRY_RETENTION_DAYS,
    delivery: { leaseMs: e.DELIVERY_LEASE_MS, pollMs: e.DELIVERY_POLL_MS },
    insights: e.INSIGHTS === "on" ? { flushSeconds: e.INSIGHTS_FLUSH_SECONDS } : undefined,
    insightsRetentionMonths: e.INSIGHTS_RETENTION_MONTHS,
    cmsAuth:
      e.CMS_GITHUB_CLIENT_ID && e.CMS_GITHUB_CLIENT_SECRET
        ? {
            clientId: e.CMS_GITHUB_CLIENT_ID,
            clientSecret: e.CMS_GITHUB_CLIENT_SECRET,
            oauthUrl: e.CMS_GITHUB_OAUTH_URL,
            apiUrl: e.CMS_GITHUB_API_URL,
            repo: e.CMS_GITHUB_REPO,
            siteUrl: e.SITE_URL,
          }
        : undefined,
  }));

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/** The settings `env` gives, an empty value counting as unset. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const keys = Object.keys(envSchema.in.shape);
  const parsed = envSchema.safeParse(
    Object.fromEntries(keys.map((key) => [key, env[key] || undefined])),
  );
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
}

/** An entry point's settings, a `.env` file filling gaps (as for the build); bad ones end it. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig(readSettings());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
