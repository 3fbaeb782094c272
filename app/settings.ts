import { envField } from "astro/config";
import { buildSettingNames, settingsSchema } from "../contract/settings.ts";

// astro:env's schema, derived from the one settings schema (contract/settings.ts), which checks
// every value as astro.config.ts loads: a bad one stops the build, naming the variable. astro:env
// only hands the checked values on, to the pages and (the "client" ones) the contact form's
// island. The VITE_ ones reach the browser: never a secret there.
export const astroEnvSchema = Object.fromEntries(
  Object.entries(buildSettingNames).flatMap(([name, context]) => {
    if (!context) return [];
    const fallback = settingsSchema.shape[name as keyof typeof buildSettingNames].parse(undefined);
    const field =
      fallback === undefined
        ? envField.string({ context, access: "public", optional: true })
        : envField.string({ context, access: "public", default: String(fallback) });
    return [[name, field]];
  }),
);
