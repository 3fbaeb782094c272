import type { Page } from "@playwright/test";

/**
 * What the page logs at these console levels and every error it throws, each after the page's
 * address, as they come.
 */
export function recordProblems(page: Page, levels: readonly string[] = ["error", "warning"]) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (levels.includes(message.type())) problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}
