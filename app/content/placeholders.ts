import { type DeliveryChannels, retentionStatement } from "../../contract/retention.ts";

// {companyName} and {retentionStatement} stand in the copy for what the settings say. The build and
// the editor's preview both fill them, so the preview shows the words the page will.

export type PlaceholderValues = { companyName: string; retentionStatement: string };

// The server checks at startup that the built page states its own retention and delivery.
export function placeholderValues(companyName: string, days: number, delivery: DeliveryChannels) {
  return { companyName, retentionStatement: retentionStatement(days, delivery) };
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
