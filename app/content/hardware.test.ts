import { describe, expect, it } from "vitest";
import { hardwarePage } from "./hardware";
import { visibleCopy } from "./visible-copy";

const copy = visibleCopy(hardwarePage);

function featureText(feature: string): string {
  const item = hardwarePage.features.find((candidate) => candidate.featureName === feature);
  if (!item) throw new Error(`no feature row for ${feature}`);
  return [item.heading, item.paragraph, ...(item.bulletPoints ?? [])].join(" ");
}

describe("hardware page content", () => {
  it("heads the hero with quality hardware", () => {
    expect(hardwarePage.hero.heading).toMatch(/quality hardware/i);
  });

  it("presents the data connection unit: battery up to 12 hours, 256-bit encryption", () => {
    const text = featureText("Data connection unit");
    expect(text).toMatch(/up to 12 hours/i);
    expect(text).toMatch(/256-bit encryption/i);
  });

  it("presents the water meters: a reading per 100 litres, battery 5+ years, made locally", () => {
    const text = featureText("Water meters");
    expect(text).toMatch(/per 100 litres/i);
    expect(text).toMatch(/5\+ years/i);
    expect(text).toMatch(/locally designed and assembled/i);
  });

  it("presents the routing modules: 12+ hours of battery, 220 V installation", () => {
    const text = featureText("Routing modules");
    expect(text).toMatch(/12\+ hours/i);
    expect(text).toMatch(/220 V installation/i);
  });

  it("highlights the three components", () => {
    expect(hardwarePage.highlights.columns.map((column) => column.heading)).toEqual([
      "Water meters",
      "Routing modules",
      "Data connection unit",
    ]);
  });

  it("uses only the spec's figures", () => {
    const figures = new Set(copy.match(/\d+/g));
    expect([...figures].sort()).toEqual(["100", "12", "220", "256", "5"]);
  });

  it("describes every picture and decorates only the column icons", () => {
    expect(hardwarePage.hero.illustration.alt).not.toBe("");
    for (const item of hardwarePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of hardwarePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
