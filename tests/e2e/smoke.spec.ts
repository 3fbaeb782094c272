import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

test("home page renders and hydrates", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Amanzi Meters/);
  await expectNoAxeViolations(page);
});
