import { describe, expect, it } from "vitest";
import { homePage } from "./home";

describe("home page content", () => {
  it("describes every picture and decorates only the column icons", () => {
    expect(homePage.hero.illustration.alt).not.toBe("");
    for (const item of homePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of homePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
