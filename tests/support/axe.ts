import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
export const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

/** Runs axe-core in the page and fails with a readable list if any WCAG 2.2 AA rule is broken. */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations as AxeViolation[];
  }, WCAG_22_AA);
  expect(describeViolations(violations)).toEqual([]);
}

/** One readable line per broken rule, with where it is broken. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
