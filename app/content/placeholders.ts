import { retentionStatement } from "../../contract/retention.ts";
import type { BuildManifest } from "../../contract/site-build.ts";

// {companyName} and {retentionStatement} stand in the copy for what the settings say. The build and
// the editor's preview both fill them, so the preview shows the words the page will.

export type PlaceholderValues = { companyName: string; retentionStatement: string };

// The build's manifest records the retention and delivery stated, for the server to check.
export function placeholderValues(companyName: string, built: BuildManifest) {
  return {
    companyName,
    retentionStatement: retentionStatement(
      built.retentionDays,
      built.channels,
      built.heldRetentionDays,
    ),
  };
}

/** Every string of `value` with the settings' placeholders filled; others (`{topic}`) are left. */
export function fillPlaceholders<T>(value: T, values: PlaceholderValues): T {
  if (typeof value === "string") {
    return value.replace(/\{(\w+)\}/g, (found, key: string) =>
      Object.hasOwn(values, key) ? values[key as keyof PlaceholderValues] : found,
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
