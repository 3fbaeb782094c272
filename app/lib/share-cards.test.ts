import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { icoImages, pngSize } from "../../tests/support/image-size";
import { placeholders, sitePage } from "../content/site-content";
import { fitText, icoFile, iconSvg, renderPng, shareCardSvg } from "./share-cards";

const site = { companyName: placeholders.companyName, host: "www.example.co.za" };

const titleBox = { maxWidth: 560, maxLines: 3, sizes: [68, 60, 52, 44], fontWeight: 700 };

describe("share card text", () => {
  it("keeps a short title at the largest size, and steps a long one down until it fits, losing no word", () => {
    const fitted = fitText("Terms of use", titleBox);
    expect(fitted.fontSize).toBe(68);
    expect(fitted.lines.join(" ")).toBe("Terms of use");
    expect(fitted.lines.length).toBeLessThanOrEqual(2);
    const title = "Smart water meters and data connection units for every home";
    const long = fitText(title, titleBox);
    expect(long.fontSize).toBeLessThan(68);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect(long.lines.join(" ")).toBe(title);
  });

  it("measures with the real font: wider text breaks sooner", () => {
    const narrow = fitText("iii iii iii iii iii iii iii iii iii iii", { ...titleBox, sizes: [68] });
    const wide = fitText("WWW WWW WWW WWW WWW WWW WWW WWW WWW WWW", { ...titleBox, sizes: [68] });
    expect(wide.lines.length).toBeGreaterThan(narrow.lines.length);
  });
});

describe("share card", () => {
  it("is a 1200 x 630 PNG well under 300 KB", () => {
    const png = renderPng(shareCardSvg(sitePage("hardware"), site), 1200);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.length).toBeLessThan(300 * 1024);
  });

  it("shows the company, the page title and the site's host, or no host when the site has none", () => {
    const page = sitePage("hardware");
    const words = (svg: string) =>
      [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(([, text]) => text).join(" ");
    const card = words(shareCardSvg({ ...page, title: "Meters" }, site));
    expect(card).toBe(`${site.companyName} Meters ${site.host}`);
    expect(words(shareCardSvg({ ...page, title: "Meters" }, { ...site, host: "" }))).toBe(
      `${site.companyName} Meters`,
    );
  });

  it("escapes markup in the title rather than breaking the drawing", () => {
    const svg = shareCardSvg({ ...sitePage("terms"), title: 'Pipes & <valves> "quoted"' }, site);
    for (const word of ["&amp;", "&lt;valves&gt;", "&quot;quoted&quot;"])
      expect(svg).toContain(word);
    expect(() => new Resvg(svg)).not.toThrow();
  });
});

describe("favicon.ico", () => {
  it("holds each PNG at the size its directory entry states", () => {
    const ico = icoFile(
      [16, 32, 48].map((size) => ({ size, png: renderPng(iconSvg("any"), size) })),
    );
    expect(icoImages(ico).map(({ stated, actual }) => [stated.width, actual.width])).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
  });
});
