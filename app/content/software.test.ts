import { describe, expect, it } from "vitest";
import { softwarePage } from "./software";

describe("software page content", () => {
  it("heads the hero with high-performing software", () => {
    expect(softwarePage.hero.heading).toMatch(/high-performing software/i);
  });

  it("presents the client application, the device management centre and the workflow app", () => {
    const products = [/client application/i, /device management/i, /workflow/i];
    const rows = softwarePage.features.map((row) => row.featureName);
    expect(rows).toHaveLength(products.length);
    products.forEach((product, index) => {
      expect(rows[index]).toMatch(product);
    });
  });

  it("describes every picture and decorates only the column icons", () => {
    expect(softwarePage.hero.illustration.alt).not.toBe("");
    for (const item of softwarePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of softwarePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
