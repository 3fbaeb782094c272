/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_API_BASE?: string;
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
}
