import { retentionStatement } from "../../contract/retention.ts";
import type { BuildManifest } from "../../contract/site-build.ts";
import { possessive } from "./possessive.ts";

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

/**
 * Every string of `value` with the settings' placeholders filled; others (`{topic}`) are left. A
 * placeholder followed by 's is made possessive as the value needs: "Amanzi Meters'".
 */
export function fillPlaceholders<T>(value: T, values: PlaceholderValues): T {
  if (typeof value === "string") {
    return value.replace(
      /\{(\w+)\}(?:(['’])s\b)?/g,
      (found, key: string, apostrophe?: "'" | "’") => {
        if (!Object.hasOwn(values, key)) return found;
        const filled = values[key as keyof PlaceholderValues];
        return apostrophe ? possessive(filled, apostrophe) : filled;
      },
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
