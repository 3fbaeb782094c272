import browserslist from "browserslist";
import { describe, expect, it } from "vitest";
import { buildTarget, supportedBrowsers } from "./browser-targets";

describe("browser targets", () => {
  it("takes the oldest version of each engine, mobile ones included, in esbuild's names", () => {
    expect(
      buildTarget(["chrome 120", "and_chr 109", "ios_saf 18.5-18.7", "ios_saf 15.4", "kaios 3.0"]),
    ).toEqual(["chrome109", "ios15.4"]);
    expect(buildTarget(["safari 15.10", "safari 15.4", "firefox 153"])).toEqual([
      "firefox153",
      "safari15.4",
    ]);
  });

  it("supports Safari from 15.4 on Mac and iPhone, and Firefox ESR", () => {
    const browsers = supportedBrowsers(process.cwd());
    expect(browsers).toEqual(
      expect.arrayContaining(browserslist("safari >= 15.4, ios_saf >= 15.4, firefox esr")),
    );
    expect(buildTarget(browsers)).toEqual(expect.arrayContaining(["safari15.4", "ios15.4"]));
  });
});
