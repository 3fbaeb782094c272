// Public site settings, fixed at build time from VITE_* variables (see .env.example).
// Everything here ends up in the browser bundle: never put a secret in a VITE_ variable.

function setting(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const siteConfig = {
  companyName: setting(import.meta.env.VITE_COMPANY_NAME, "Amanzi Meters"),
  supportEmail: setting(import.meta.env.VITE_SUPPORT_EMAIL, "support@example.com"),
  siteUrl: setting(import.meta.env.VITE_SITE_URL, "http://localhost:3000").replace(/\/+$/, ""),
  apiBase: setting(import.meta.env.VITE_API_BASE, "/api").replace(/\/+$/, ""),
  recaptchaSiteKey: setting(import.meta.env.VITE_RECAPTCHA_SITE_KEY, ""),
} as const;

export type SiteConfig = typeof siteConfig;
