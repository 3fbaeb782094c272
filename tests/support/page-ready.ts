import type { Page } from "@playwright/test";
import { pageList } from "../../app/content/page-list";

/** Paths of the pages with an island (the contact form); every other page ships no script. */
// From the code half of the page list, so the benchmark can read it in plain Node.
export const HYDRATED_PATHS: readonly string[] = pageList
  .filter((page) => page.kind === "contact")
  .map((page) => page.path);

/** The island once its loader reports it running (app/features/contact/first-use.ts). */
const READY_ISLAND = '[data-island-state="ready"]';

/**
 * Resolves once the contact form's island runs in the browser (React has hydrated it), with the
 * page's clock (performance.now()) at that moment.
 */
export async function waitForHydration(
  page: Page,
  { timeout }: { timeout?: number } = {},
): Promise<number> {
  const ready = await page.waitForFunction(
    (selector) => !!document.querySelector(selector) && performance.now(),
    READY_ISLAND,
    { timeout },
  );
  return (await ready.jsonValue()) as number;
}

/**
 * Starts the contact form's island as a visitor does, by touching the form (the island runs on
 * the form's first use, once its loading strategy listens: inline in a built page, imported first
 * by the dev server), and waits until it has.
 */
export async function startApp(page: Page) {
  await page.locator("astro-island[data-island-state]").waitFor({ state: "attached" });
  await page.getByRole("form").dispatchEvent("pointerdown");
  await waitForHydration(page);
}
