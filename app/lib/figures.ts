import type { ProductFile } from "../content/schemas.ts";

// A figure with its unit as South African English writes it (en-ZA): a space (one that does not
// break) between figure and unit, "1,5 days", "48 000 rand"; the percent sign and degrees held
// to the figure, "38%"; the rand's sign before it, "R48 000".

const heldAfter = new Set(["%", "‰", "°"]);
const before = new Set(["R"]);

/** A number as en-ZA writes it: "48 000", "1,5". */
export const localFigure = (value: number) => value.toLocaleString("en-ZA");

export function withUnit(figure: number | string, unit = ""): string {
  const text = typeof figure === "number" ? localFigure(figure) : figure;
  if (!unit) return text;
  if (before.has(unit)) return `${unit}${text}`;
  if (heldAfter.has(unit)) return `${text}${unit}`;
  return `${text}\u00a0${unit}`;
}

export type Specification = NonNullable<ProductFile["specifications"]>[number];

/**
 * A day (year-month-day, as the content gives it) as a South African reader writes it: "28
 * November 2026". Every date the site shows is written by this, on its pages and datasheets.
 */
export const localDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-ZA", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** The specifications in their tables, in the order each table is first named. */
export function specificationTables(specifications: readonly Specification[]) {
  const tables = new Map<string, Specification[]>();
  for (const specification of specifications) {
    const key = specification.group ?? "";
    tables.set(key, [...(tables.get(key) ?? []), specification]);
  }
  return [...tables].map(([group, rows]) => ({ group, rows }));
}
