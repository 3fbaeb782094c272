import type { Page } from "@playwright/test";
import { sitePage } from "../../app/content/pages";

/** Paths of the pages that start the app in the browser (their route's handle asks for it);
 * every other page ships no script. */
export const HYDRATED_PATHS: readonly string[] = [sitePage("contact").path];

/**
 * Resolves once React has hydrated the contact form (its props are attached to the form), with
 * the page's clock (performance.now()) at that moment.
 */
export async function waitForHydration(
  page: Page,
  { timeout }: { timeout?: number } = {},
): Promise<number> {
  const hydrated = await page.waitForFunction(
    () => {
      const form = document.querySelector("form");
      const ready = !!form && Object.keys(form).some((key) => key.startsWith("__reactProps"));
      return ready && performance.now();
    },
    undefined,
    { timeout },
  );
  return (await hydrated.jsonValue()) as number;
}

/**
 * Starts the contact page's app as a visitor does, by touching the form (the app loads on the
 * form's first use: scripts/postbuild/start-app-on-first-use.mjs), and waits until it has.
 */
export async function startApp(page: Page) {
  await touchForm(page);
  await waitForHydration(page);
}

/** A visitor's first touch on the contact form, which asks for the app. */
export async function touchForm(page: Page) {
  await page.locator("form").dispatchEvent("pointerdown");
}

/** Opens a page and, where the page has an app, starts it. */
export async function openReady(page: Page, path: string) {
  await page.goto(path);
  if (HYDRATED_PATHS.includes(path)) await startApp(page);
}
