import { describe, expect, it } from "vitest";
import { softwarePage } from "./software";
import { visibleCopy } from "./visible-copy";

const copy = visibleCopy(softwarePage);

function featureText(feature: string): string {
  const item = softwarePage.features.find((candidate) => candidate.featureName === feature);
  if (!item) throw new Error(`no feature row for ${feature}`);
  return [item.heading, item.paragraph, ...(item.bulletPoints ?? [])].join(" ");
}

describe("software page content", () => {
  it("heads the hero with high-performing software", () => {
    expect(softwarePage.hero.heading).toMatch(/high-performing software/i);
  });

  it.each([
    ["real-time reports", /real-time reports/i],
    ["leak alerts", /leak alerts/i],
    ["valve control", /valve control/i],
    ["plumber notifications", /notifications to your plumber/i],
    ["machine-learning consumption reports", /machine-learning consumption reports/i],
    ["prepaid tokens by card payment", /prepaid token purchase by card payment/i],
    ["prepaid tokens by direct bank transfer", /direct bank transfer/i],
  ])("gives the client application %s", (_claim, pattern) => {
    expect(featureText("Client application")).toMatch(pattern);
  });

  it("presents the central device management centre for utilities", () => {
    expect(featureText("Device management centre")).toMatch(/central device management centre/i);
    expect(featureText("Device management centre")).toMatch(/utilities/i);
  });

  it("presents the workflow tracking app", () => {
    expect(featureText("Workflow tracking app")).toMatch(/workflow tracking app/i);
  });

  it("invents no figures", () => {
    expect(copy.match(/\d/g)).toBeNull();
  });

  it("describes every picture and decorates only the column icons", () => {
    expect(softwarePage.hero.illustration.alt).not.toBe("");
    for (const item of softwarePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of softwarePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
