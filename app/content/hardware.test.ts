import { describe, expect, it } from "vitest";
import { hardwarePage } from "./hardware";

describe("hardware page content", () => {
  it("describes every picture and decorates only the column icons", () => {
    expect(hardwarePage.hero.illustration.alt).not.toBe("");
    for (const item of hardwarePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of hardwarePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
