import { loadIslandOnFirstUse } from "./island-loader";

// The inline script's entry (scripts/island-plugin.ts): the page's parts, found by their data
// attributes (app/features/contact/contact-form-block.tsx).
const container = document.querySelector<HTMLElement>("[data-island]");
const failureRegion = document.querySelector<HTMLElement>("[data-island-failure]");
const failureTemplate = document.querySelector<HTMLTemplateElement>(
  "template[data-island-failure-message]",
);
if (container && failureRegion && failureTemplate) {
  loadIslandOnFirstUse({ container, failureRegion, failureTemplate });
}
