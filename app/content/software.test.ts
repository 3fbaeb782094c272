import { describe, expect, it } from "vitest";
import { softwarePage } from "./software";

describe("software page content", () => {
  it("describes every picture and decorates only the column icons", () => {
    expect(softwarePage.hero.illustration.alt).not.toBe("");
    for (const item of softwarePage.features) expect(item.illustration.alt).not.toBe("");
    for (const column of softwarePage.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
