import { describe, expect, it } from "vitest";
import { hardwarePage } from "./hardware";

describe("hardware page content", () => {
  it("heads the hero with quality hardware", () => {
    expect(hardwarePage.hero.heading).toMatch(/quality hardware/i);
  });

  it("highlights the three components and gives each a feature row", () => {
    const components = [/meter/i, /routing module/i, /data connection unit/i];
    const highlights = hardwarePage.highlights.columns.map((column) => column.heading);
    const rows = hardwarePage.features.map((row) => row.featureName);
    expect(highlights).toHaveLength(components.length);
    expect(rows).toHaveLength(components.length);
    for (const component of components) {
      expect(highlights.filter((heading) => component.test(heading))).toHaveLength(1);
      expect(rows.filter((name) => component.test(name))).toHaveLength(1);
    }
  });

  it("describes every picture and decorates only the column icons", () => {
    expect(hardwarePage.hero.illustration.alt).not.toBe("");
    for (const item of hardwarePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of hardwarePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
