import { isIP } from "node:net";
import { z } from "zod";
import { parseBusinessHours } from "./business-hours.ts";
import { defaultHeldRetentionDays, defaultRetentionDays, maxRetentionDays } from "./retention.ts";
import type { Settings } from "./settings-source.ts";

// Every setting the site, the enquiry service and their tools read, defined once; .env.example
// describes each (a test holds the two together). The build's settings (astro:env,
// app/settings.ts) and the server's (server/config.ts) derive from this schema, so a value is
// checked the same way wherever it is read. An empty value counts as unset.

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

export const settingsSchema = z.object({
  // Public settings, fixed in the static build: they reach the browser, so never a secret.
  VITE_COMPANY_NAME: z.string().max(100, "use at most 100 characters").default("Amanzi Meters"),
  // No stand-in address: without one, the site offers none (the build warns).
  VITE_SUPPORT_EMAIL: z.string().includes("@", "use an address").optional(),
  VITE_SITE_URL: origin.optional(),
  VITE_API_BASE: z.string().default("/api"),
  VITE_RECAPTCHA_SITE_KEY: z.string().default(""),
  // The build.
  BUILD_DIR: z.string().default("build"),
  CONTENT_DIR: z.string().optional(),
  // The server.
  HOST: z.string().default("127.0.0.1"),
  PORT: integer(0, 65_535).default(3000),
  SITE_ROOT: z.string().optional(),
  DATABASE_URL: z.string().default("file:./data/enquiries.db"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxy.default(false),
  SITE_URL: origin.optional(),
  HSTS: flag.default(false),
  REQUEST_TIMEOUT_SECONDS: integer(1, 300).default(20),
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
      (url) => !new URL(url).username && !new URL(url).password,
      "put no user or password in the URL: the signature is what shows the request is ours",
    )
    .optional(),
  ENQUIRY_WEBHOOK_SECRET: z.string().optional(),
  ENQUIRY_WEBHOOK_TIMEOUT_MS: integer(100, 120_000).default(10_000),
  ENQUIRY_ACKNOWLEDGE: flag.default(false),
  ENQUIRY_ACKNOWLEDGE_ANSWER_WITHIN: z
    .string()
    .regex(/^[\p{L}\p{N} ,.'-]{1,80}$/u, "use a few plain words, like: within two working days")
    .default("within two working days"),
  DELIVERY_RETRY_BASE_MS: integer(10, 10_000).default(5000),
  DELIVERY_RETRY_CAP_MS: integer(10, 86_400_000).default(600_000),
  DELIVERY_LEASE_MS: integer(1_000, 3_600_000).default(60_000),
  DELIVERY_POLL_MS: integer(50, 60_000).default(2_000),
  // Read by the build too: the privacy statement states the period.
  ENQUIRY_RETENTION_DAYS: z.coerce
    .number("use a whole number of days")
    .int("use a whole number of days")
    .min(0, "use 0 (keep until delivered) or more days")
    .max(maxRetentionDays, `use at most ${maxRetentionDays} days`)
    .default(defaultRetentionDays),
  // Read by the build too: the privacy statement states it.
  HELD_RETENTION_DAYS: integer(1, maxRetentionDays).default(defaultHeldRetentionDays),
  DELIVERY_ALERT_AFTER_MINUTES: integer(1, 525_600).default(60),
  // The reply clock (server/reply-clock/): business minutes to a first reply, in Johannesburg time.
  BUSINESS_HOURS: z
    .string()
    .superRefine((text, context) => {
      const hours = parseBusinessHours(text);
      if ("problem" in hours) context.addIssue({ code: "custom", message: hours.problem });
    })
    .default("Mon-Fri 08:00-17:00"),
  REPLY_TARGET_MINUTES: integer(1, 100_000).default(60),
  INSIGHTS: z.enum(["on", "off"], "use on or off").default("on"),
  INSIGHTS_FLUSH_SECONDS: integer(1, 3600).default(10),
  INSIGHTS_RETENTION_MONTHS: integer(1, 1200).default(25),
  METRICS_PORT: integer(1, 65_535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  // The editor at /admin (the build) and its GitHub sign-in (the server).
  CMS_GITHUB_REPO: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, "use owner/name, like amanzi-meters/website")
    .optional(),
  CMS_GITHUB_BRANCH: z.string().default("main"),
  CMS_GITHUB_CLIENT_ID: z.string().optional(),
  CMS_GITHUB_CLIENT_SECRET: z.string().optional(),
  CMS_GITHUB_OAUTH_URL: z.url().default("https://github.com"),
  ADMIN_WITHOUT_SIGN_IN: flag.default(false),
  // Tests and benches: the browsers and PostgreSQL they drive (tests/support/).
  CHROMIUM_PATH: z.string().optional(),
  FIREFOX_PATH: z.string().optional(),
  WEBKIT_DRIVER_PATH: z.string().optional(),
  POSTGRES_BIN_DIR: z.string().optional(),
});

export type SettingName = keyof typeof settingsSchema.shape;
export type CheckedSettings = z.output<typeof settingsSchema>;

/**
 * The settings the build reads, each with where astro:env hands it on: "client" reaches the
 * pages and the contact form's island, "server" only the pages as they are prerendered.
 */
export const buildSettingNames = {
  VITE_COMPANY_NAME: "client",
  VITE_SUPPORT_EMAIL: "client",
  VITE_API_BASE: "client",
  VITE_RECAPTCHA_SITE_KEY: "client",
  VITE_SITE_URL: "server",
  CMS_GITHUB_REPO: "server",
  CMS_GITHUB_BRANCH: "server",
  // Not handed on: what the privacy statement states (app/content/site-content.ts).
  ENQUIRY_RETENTION_DAYS: undefined,
  HELD_RETENTION_DAYS: undefined,
  SMTP_URL: undefined,
  ENQUIRY_WEBHOOK_URL: undefined,
} as const satisfies Partial<Record<SettingName, "client" | "server" | undefined>>;

export class SettingsError extends Error {}

/** The values of `env`, empty ones unset, as `schema` checks them; a bad one throws, named. */
export function checkSettings<Schema extends z.ZodType>(
  schema: Schema,
  env: Settings,
  names: readonly string[] = Object.keys(settingsSchema.shape),
): z.output<Schema> {
  const parsed = schema.safeParse(
    Object.fromEntries(names.map((name) => [name, env[name]?.trim() || undefined])),
  );
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new SettingsError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
}

const buildSchema = settingsSchema.pick(
  Object.fromEntries(Object.keys(buildSettingNames).map((name) => [name, true])) as {
    [Name in keyof typeof buildSettingNames]: true;
  },
);

/** The build's settings from `env` (the environment, then `.env`); a bad one stops the build. */
export const buildSettings = (env: Settings) =>
  checkSettings(buildSchema, env, Object.keys(buildSettingNames));

/**
 * Which channels the settings configure, worked out here only: mail to the company (SMTP_URL),
 * the webhook (ENQUIRY_WEBHOOK_URL), and the acknowledgement to the visitor (ENQUIRY_ACKNOWLEDGE).
 */
export const configuredChannels = (
  settings: Partial<
    Pick<CheckedSettings, "SMTP_URL" | "ENQUIRY_WEBHOOK_URL" | "ENQUIRY_ACKNOWLEDGE">
  >,
) => ({
  mail: Boolean(settings.SMTP_URL),
  webhook: Boolean(settings.ENQUIRY_WEBHOOK_URL),
  acknowledgement: Boolean(settings.ENQUIRY_ACKNOWLEDGE),
});

export type ConfiguredChannels = ReturnType<typeof configuredChannels>;
