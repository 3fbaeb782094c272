import { describe, expect, it } from "vitest";
import { localDate, withUnit } from "./figures";

describe("a figure with its unit", () => {
  it.each([
    [1.5, "days", "1,5\u00a0days"],
    [48000, "rand", "48\u00a0000\u00a0rand"],
    [48000, "R", "R48\u00a0000"],
    [38, "%", "38%"],
    [3, "", "3"],
    ["5+", "years", "5+\u00a0years"],
  ])("%s %s reads %s", (figure, unit, text) => {
    expect(withUnit(figure, unit)).toBe(text);
  });
});

describe("a day as South Africa writes it", () => {
  it.each([
    ["2026-11-28", "28 November 2026"],
    ["2026-01-01", "1 January 2026"],
    ["2026-12-31", "31 December 2026"],
  ])("%s reads %s", (day, text) => {
    expect(localDate(day)).toBe(text);
  });
});
