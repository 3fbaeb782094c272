// The public site settings (VITE_* variables, and ENQUIRY_RETENTION_DAYS, which the privacy
// statement states), checked once at build time. The build stops on
// a bad value, naming the variable; the checked values are inlined into the bundle
// (scripts/public-settings-plugin.ts) and read through app/config.ts. This module runs only in
// Node at build time: app code imports its type, never its schema, so zod stays out of pages
// that do not need it.
import { z } from "zod";
import {
  type DeliveryChannels,
  defaultRetentionDays,
  deliveryChannelsOf,
} from "../contract/retention.ts";
import { retentionDaysSetting } from "../contract/retention-setting.ts";

export type PublicSettings = {
  /** Shown in the header, footer and titles, and sent as `compname` with each enquiry. */
  companyName: string;
  /** The support mailbox the legal pages link to. */
  supportEmail: string;
  /**
   * The public origin of the site, without a trailing slash. Unset means unknown: the build
   * then leaves out everything that needs an absolute address (canonical links, og:url, the
   * sitemap and robots.txt's Sitemap line) rather than guess one.
   */
  siteUrl?: string;
  /** Base address of the send call, without a trailing slash. */
  apiBase: string;
  /** reCAPTCHA v3 site key; empty means the bot check is skipped in the browser. */
  recaptchaSiteKey: string;
  /**
   * ENQUIRY_RETENTION_DAYS, the server's setting (not a VITE_ one): the privacy statement says
   * how long enquiries are kept, so the build must read the value the server will apply.
   */
  enquiryRetentionDays: number;
  /**
   * Whether the server sends enquiries by mail (SMTP_URL set) and to a webhook
   * (ENQUIRY_WEBHOOK_URL set): the privacy statement says how enquiries are passed on. Only
   * whether each is set reaches the build's output, never its value.
   */
  enquiryDelivery: DeliveryChannels;
};

export const defaultSettings = {
  companyName: "Amanzi Meters",
  supportEmail: "support@example.com",
  apiBase: "/api",
  enquiryRetentionDays: defaultRetentionDays,
} as const;

/** An empty or blank variable counts as unset, as it does for the server's settings. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, "");

function isWebUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

const schema = z.object({
  VITE_COMPANY_NAME: optionalText.pipe(
    z.string().max(100, "must be at most 100 characters").default(defaultSettings.companyName),
  ),
  VITE_SUPPORT_EMAIL: optionalText.pipe(
    z
      .email("must be an email address, like support@example.co.za")
      .default(defaultSettings.supportEmail),
  ),
  VITE_SITE_URL: optionalText.pipe(
    z
      .string()
      .refine(isWebUrl, "must be an http(s) address, like https://www.example.co.za")
      .refine((value) => {
        if (!isWebUrl(value)) return true; // reported by the check above
        const url = new URL(value);
        return url.pathname === "/" && !url.search && !url.hash && !url.username;
      }, "must be the site's origin only, like https://www.example.co.za (no path, query or fragment)")
      .transform(withoutTrailingSlash)
      .optional(),
  ),
  VITE_API_BASE: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => (value.startsWith("/") && !value.startsWith("//")) || isWebUrl(value),
        "must be a path on this site starting with / (like /api) or an http(s) address",
      )
      .transform(withoutTrailingSlash)
      .default(defaultSettings.apiBase),
  ),
  VITE_RECAPTCHA_SITE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[\w-]+$/, "must be a reCAPTCHA site key (letters, digits, - and _ only)")
      .default(""),
  ),
  ENQUIRY_RETENTION_DAYS: retentionDaysSetting,
});

export class PublicSettingsError extends Error {
  override name = "PublicSettingsError";
}

/**
 * Checks the public settings from an environment (process.env merged with .env files).
 * Throws a PublicSettingsError naming every bad variable; returns the settings and warnings
 * about values that work but are probably not what a public deployment wants.
 */
export function parsePublicSettings(env: Record<string, string | undefined>): {
  settings: PublicSettings;
  warnings: string[];
} {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join(".")} ${issue.message} (got "${env[String(issue.path[0])]}")`,
    );
    throw new PublicSettingsError(
      `Bad public site settings (see .env.example):\n${problems.join("\n")}`,
    );
  }
  const values = result.data;
  const settings: PublicSettings = {
    companyName: values.VITE_COMPANY_NAME,
    supportEmail: values.VITE_SUPPORT_EMAIL,
    apiBase: values.VITE_API_BASE,
    recaptchaSiteKey: values.VITE_RECAPTCHA_SITE_KEY,
    enquiryRetentionDays: values.ENQUIRY_RETENTION_DAYS,
    enquiryDelivery: deliveryChannelsOf(env),
  };
  if (values.VITE_SITE_URL) settings.siteUrl = values.VITE_SITE_URL;

  const warnings: string[] = [];
  if (!settings.siteUrl) {
    warnings.push(
      "VITE_SITE_URL is not set: pages get no canonical link or og:url, robots.txt names no sitemap and no sitemap.xml is written. Set it to the public origin (like https://www.example.co.za) for a public build.",
    );
  } else if (["localhost", "127.0.0.1", "[::1]"].includes(new URL(settings.siteUrl).hostname)) {
    warnings.push(
      `VITE_SITE_URL is ${settings.siteUrl}, a loopback address: canonical links and the sitemap will point there.`,
    );
  }
  if (!settings.recaptchaSiteKey) {
    warnings.push(
      "VITE_RECAPTCHA_SITE_KEY is not set: the contact form sends enquiries without a bot-check token.",
    );
  }
  return { settings, warnings };
}
