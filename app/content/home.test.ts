import { describe, expect, it } from "vitest";
import { homePage } from "./home";

describe("home page content", () => {
  it("heads the hero with real time control", () => {
    expect(homePage.hero.heading).toMatch(/real time control/i);
  });

  it("highlights leak detection, valve management, service notifications and machine learning", () => {
    const headings = homePage.highlights.columns.map((column) => column.heading);
    expect(headings).toHaveLength(4);
    [/leak/i, /valve/i, /notification/i, /machine-learning/i].forEach((topic, index) => {
      expect(headings[index]).toMatch(topic);
    });
  });

  it("describes every picture and decorates only the column icons", () => {
    expect(homePage.hero.illustration.alt).not.toBe("");
    for (const item of homePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of homePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
