import type { PublicSettings } from "./public-settings";

// Public site settings, checked at build time from VITE_* variables (app/public-settings.ts,
// .env.example) and inlined into the bundle. Everything here ends up in the browser: never put
// a secret in a VITE_ variable.
export const siteConfig: PublicSettings = __PUBLIC_SETTINGS__;
