import { expect, it } from "vitest";
import type { ProductPageFile } from "../app/content/schemas";
import { launchPages, reviewReport } from "./content-review";

/** A hardware page whose meter row gives one sentence, as an editor might write it. */
const withMeterRow = (page: ProductPageFile, paragraph: string): ProductPageFile => ({
  ...page,
  highlights: { ...page.highlights, heading: "Hardware", intro: "Our hardware.", columns: [] },
  features: [
    {
      illustration: { picture: "smart-water-meter", alt: "" },
      featureName: "Smart water meter",
      heading: "Meters",
      paragraph,
    },
  ],
});

it("reports a changed figure in words, and figures the launch copy did not have", () => {
  const edited = { ...launchPages() };
  edited.hardware = withMeterRow(
    edited.hardware,
    "A battery of 10+ years, reading per 100 litres.",
  );
  const report = reviewReport(edited);
  expect(report).toMatch(/^ {2}no longer says: meter battery 5\+ years$/m);
  expect(report).toMatch(/^ {2}says: meters transmit per 100 litres$/m);
  expect(report).toMatch(/Figures the launch copy did not have \(check they are right\): 10$/m);
  expect(report).toMatch(/promise\(s\) to confirm\.$/);
});

it("lists a claim as said when the copy says it in other words around it", () => {
  const edited = { ...launchPages() };
  edited.hardware = withMeterRow(
    edited.hardware,
    "Ons meters hou 5+ years — met “lekker” batterye.",
  );
  expect(reviewReport(edited)).toMatch(/^ {2}says: meter battery 5\+ years$/m);
});
