import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { placeholders, sitePage } from "../content/site-content";
import { pictureSource } from "./picture-source";
import { fitText, shareCardSvg } from "./share-cards";

const site = { companyName: placeholders().companyName, host: "www.example.co.za" };

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
  it("shows the company, the page title, the page's picture and the site's host, or no host when the site has none", () => {
    const page = sitePage("hardware");
    const words = (svg: string) =>
      [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(([, text]) => text).join(" ");
    const card = words(shareCardSvg({ ...page, title: "Meters" }, site));
    expect(card).toBe(`${site.companyName} Meters ${site.host}`);
    const picture = Buffer.from(pictureSource(page.shareCard.picture)).toString("base64");
    expect(shareCardSvg(page, site)).toContain(picture);
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
