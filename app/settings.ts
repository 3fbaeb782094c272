import { envField } from "astro/config";
import { defaultRetentionDays, maxRetentionDays } from "../contract/retention.ts";

// The settings the build reads; a bad value stops it, naming the variable. The VITE_ ones reach
// the browser: never a secret there. The server's are read for the privacy statement.
const publicText = (fallback: string, checks: { max?: number; includes?: string } = {}) =>
  envField.string({ context: "client", access: "public", default: fallback, ...checks });
const server = { context: "server", access: "public" } as const;
const secret = { context: "server", access: "secret", optional: true } as const;

export const settingsSchema = {
  VITE_COMPANY_NAME: publicText("Amanzi Meters", { max: 100 }),
  VITE_SUPPORT_EMAIL: publicText("support@example.com", { includes: "@" }),
  VITE_API_BASE: publicText("/api"),
  VITE_RECAPTCHA_SITE_KEY: publicText(""),
  VITE_SITE_URL: envField.string({ ...server, optional: true, url: true }),
  ENQUIRY_RETENTION_DAYS: envField.number({
    ...server,
    default: defaultRetentionDays,
    int: true,
    min: 0,
    max: maxRetentionDays,
  }),
  // The repository and branch the editor at /admin commits to.
  CMS_GITHUB_REPO: envField.string({ ...server, optional: true }),
  CMS_GITHUB_BRANCH: envField.string({ ...server, default: "main" }),
  SMTP_URL: envField.string(secret),
  ENQUIRY_WEBHOOK_URL: envField.string(secret),
};
