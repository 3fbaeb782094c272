import {
  VITE_API_BASE,
  VITE_COMPANY_NAME,
  VITE_RECAPTCHA_SITE_KEY,
  VITE_SUPPORT_EMAIL,
} from "astro:env/client";

// The public settings (app/settings.ts), as the pages and the contact form's island read them.
export const siteConfig = {
  companyName: VITE_COMPANY_NAME,
  supportEmail: VITE_SUPPORT_EMAIL,
  apiBase: VITE_API_BASE.replace(/\/+$/, ""),
  recaptchaSiteKey: VITE_RECAPTCHA_SITE_KEY,
};
