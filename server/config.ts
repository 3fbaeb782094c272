import type { z } from "zod";
import {
  checkSettings,
  configuredChannels,
  SettingsError,
  settingsSchema,
} from "../contract/settings";
import { readSettings } from "../contract/settings-source";
import { siteRootOf } from "../contract/site-build";
import { isLoopbackHost, smtpTlsProblem } from "./smtp";
import { storeKindOf } from "./store/open-enquiry-store";

// Every server setting is read and checked here, once, at startup, by the one settings schema
// (contract/settings.ts; .env.example says what each does) with the checks only the server's
// own code can make: a wrong value stops startup with its name, not a strange failure hours
// later. The result is what each part of the service is given.
/** Why this webhook secret cannot sign (Standard Webhooks asks for 24 to 64 random bytes), or undefined. */
function webhookSecretProblem(secret: string): string | undefined {
  const key = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret)?.[1];
  const bytes = key && key.length % 4 === 0 ? Buffer.from(key, "base64").length : 0;
  if (bytes >= 24 && bytes <= 64) return undefined;
  return "use whsec_ followed by 24 to 64 random bytes in base64 (e.g. `echo whsec_$(openssl rand -base64 32)`)";
}

const { DATABASE_URL, ENQUIRY_WEBHOOK_URL, ENQUIRY_WEBHOOK_SECRET } = settingsSchema.shape;
const envSchema = settingsSchema
  .extend({
    DATABASE_URL: DATABASE_URL.refine(
      (url) => storeKindOf(url) !== undefined,
      "use file:<path> (SQLite) or postgres://… (PostgreSQL)",
    ),
    ENQUIRY_WEBHOOK_URL: ENQUIRY_WEBHOOK_URL.refine(
      (url) =>
        url === undefined ||
        new URL(url).protocol === "https:" ||
        isLoopbackHost(new URL(url).hostname),
      "use https:// (enquiries are personal information); http:// only to a receiver on loopback",
    ),
    ENQUIRY_WEBHOOK_SECRET: ENQUIRY_WEBHOOK_SECRET.refine(
      (secret) => secret === undefined || webhookSecretProblem(secret) === undefined,
      { error: (issue) => webhookSecretProblem(String(issue.input)) },
    ),
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
    channels: configuredChannels(e),
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
    // The superRefine above makes sure a configured channel has all it needs.
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
    heldRetentionDays: e.HELD_RETENTION_DAYS,
    delivery: { leaseMs: e.DELIVERY_LEASE_MS, pollMs: e.DELIVERY_POLL_MS },
    insights: e.INSIGHTS === "on" ? { flushSeconds: e.INSIGHTS_FLUSH_SECONDS } : undefined,
    insightsRetentionMonths: e.INSIGHTS_RETENTION_MONTHS,
    cmsAuth:
      e.CMS_GITHUB_CLIENT_ID && e.CMS_GITHUB_CLIENT_SECRET
        ? {
            clientId: e.CMS_GITHUB_CLIENT_ID,
            clientSecret: e.CMS_GITHUB_CLIENT_SECRET,
            oauthUrl: e.CMS_GITHUB_OAUTH_URL,
            siteUrl: e.SITE_URL,
          }
        : undefined,
  }));

export type Config = z.output<typeof envSchema>;

/** A bad setting: its message names each variable and what is wrong with it. */
export const ConfigError = SettingsError;

/** The settings `env` gives, an empty value counting as unset. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  return checkSettings(envSchema, env);
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
