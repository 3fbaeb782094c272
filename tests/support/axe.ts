import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * A function body that loads axe-core into the page and returns what breaks a WCAG 2.2 AA rule:
 * for Playwright's page and the engine drivers alike.
 */
export const AXE_IN_PAGE = `${axeSource}
  const tags = ${JSON.stringify(WCAG_22_AA)};
  return (await axe.run(document, { runOnly: { type: "tag", values: tags } })).violations;`;

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

/** Fails with one readable line per broken rule, with where it is broken. */
export function expectNoViolations(violations: AxeViolation[]) {
  const where = (v: AxeViolation) => v.nodes.map((node) => node.target.join(" ")).join(", ");
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${where(v)}`)).toEqual([]);
}

/** Runs axe-core in the page and fails with a readable list if any WCAG 2.2 AA rule is broken. */
export async function expectNoAxeViolations(page: Page) {
  expectNoViolations(await page.evaluate(`(async () => {${AXE_IN_PAGE}})()`));
}
