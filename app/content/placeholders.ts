// The placeholders the site's settings fill in content ({companyName}, {retentionStatement}):
// their values for a build, and the filling. Plain code with no Node or zod, because the build
// (app/content/content-files.ts) and the editor's preview (app/admin/editor.tsx) both fill them,
// so the preview shows the words the page will.
import { retentionStatement } from "../../contract/retention.ts";
import type { PublicSettings } from "../public-settings.ts";
import type { SettingPlaceholder } from "./schemas.ts";

/** What each placeholder the site's settings fill stands for, in this build. */
export type PlaceholderValues = Record<SettingPlaceholder, string>;

/** The placeholders' values for a build's settings. */
export function placeholderValues(settings: PublicSettings): PlaceholderValues {
  return {
    companyName: settings.companyName,
    // The server checks at startup that the built page states its own retention and delivery.
    retentionStatement: retentionStatement(settings.enquiryRetentionDays, settings.enquiryDelivery),
  };
}

/**
 * Every string of content with the settings' placeholders filled in, so no page, title or
 * footer has to remember to. Placeholders code fills per use (`{topic}`) are left as they are.
 */
export function fillPlaceholders<T>(value: T, values: PlaceholderValues): T {
  if (typeof value === "string") {
    return value.replace(/\{(\w+)\}/g, (found, key: string) =>
      Object.hasOwn(values, key) ? values[key as SettingPlaceholder] : found,
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, values)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, values)]),
    ) as T;
  }
  return value;
}
