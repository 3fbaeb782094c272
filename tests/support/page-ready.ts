import type { Page } from "@playwright/test";
import { sitePage } from "../../app/content/pages";

/** Paths of the pages that start the app in the browser (their route's handle asks for it);
 * every other page ships no script. */
export const HYDRATED_PATHS: readonly string[] = [sitePage("contact").path];

/** Resolves once React has hydrated the contact form (its props are attached to the form). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector("form");
    return !!form && Object.keys(form).some((key) => key.startsWith("__reactProps"));
  });
}

/** Opens a page and, where the page starts the app, waits until it has. */
export async function openReady(page: Page, path: string) {
  await page.goto(path);
  if (HYDRATED_PATHS.includes(path)) await waitForHydration(page);
}
