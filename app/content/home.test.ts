import { describe, expect, it } from "vitest";
import { homePage } from "./home";
import { visibleCopy } from "./visible-copy";

const copy = visibleCopy(homePage);

describe("home page content", () => {
  it.each([
    ["real time control", /real time control/i],
    ["leak detection", /leak detection/i],
    ["remote valve control from a smartphone app", /remote valve control/i],
    ["the smartphone app", /smartphone app/i],
    ["notifications to third-party plumbers", /third-party plumbers/i],
    ["third-party service providers", /third-party service providers/i],
    ["machine-learning consumption models", /machine-learning models/i],
    ["locally designed and assembled meters", /locally designed and assembled/i],
    ["real-time reports", /real-time reports/i],
    ["its audience", /households.*body corporates.*municipal utilities/i],
  ])("carries the claim: %s", (_claim, pattern) => {
    expect(copy).toMatch(pattern);
  });

  it("heads the hero with real time control and highlights the four home features", () => {
    expect(homePage.hero.heading).toMatch(/^real time control/i);
    expect(homePage.highlights.columns.map((column) => column.heading)).toEqual([
      "Leak detection",
      "Remote valve management",
      "Service provider notifications",
      "Machine-learning models",
    ]);
  });

  it("invents no figures", () => {
    expect(copy.match(/\d/g)).toBeNull();
  });

  it("describes every picture and decorates only the column icons", () => {
    expect(homePage.hero.illustration.alt).not.toBe("");
    for (const item of homePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of homePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
