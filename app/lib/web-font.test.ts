import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { siteFontCharacters } from "../../scripts/subset-font";
import { siteConfig } from "../config";
import { contentTexts } from "../content/content-files";
import { placeholderValues } from "../content/placeholders";
import { basicCharacters, basicWeights, fontFaceCss, unicodeRangeOf } from "./web-font";

/** Characters of the copy the font lacks: the build names them rather than cutting them. */
const missingFromFont = new Set(
  siteFontCharacters(placeholderValues(siteConfig)).missing.map((found) => found.character),
);

function* cssFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* cssFiles(path);
    else if (entry.name.endsWith(".css")) yield path;
  }
}

describe("the web font's basic face", () => {
  it("holds every character of this build's copy that the font has, and the base set", () => {
    const values = placeholderValues(siteConfig);
    const { characters } = siteFontCharacters(values);
    expect(__BASIC_FONT_CHARACTERS__).toBe(characters);
    for (const char of basicCharacters) expect(__BASIC_FONT_CHARACTERS__).toContain(char);
    for (const { text } of contentTexts(values)) {
      for (const char of text.replace(/\s/g, "")) {
        if (!missingFromFont.has(char)) expect(__BASIC_FONT_CHARACTERS__, text).toContain(char);
      }
    }
  });

  it("has every weight the styles ask for", () => {
    const weights = new Set<number>();
    for (const path of cssFiles(join(import.meta.dirname, ".."))) {
      const css = readFileSync(path, "utf8");
      for (const [, weight] of css.matchAll(/font-weight:\s*(\d+)/g)) weights.add(Number(weight));
    }
    expect(weights.size).toBeGreaterThan(0);
    for (const weight of weights) {
      expect(weight).toBeGreaterThanOrEqual(basicWeights.min);
      expect(weight).toBeLessThanOrEqual(basicWeights.max);
    }
  });

  it("is declared for exactly its characters, after the whole latin faces so it is tried first", () => {
    const css = fontFaceCss({
      latin: "/latin.woff2",
      latinExt: "/ext.woff2",
      basic: "/basic.woff2",
    });
    const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((match) => match[1] ?? "");
    const latin = faces.findIndex((face) => face.includes("/latin.woff2"));
    const latinExt = faces.findIndex((face) => face.includes("/ext.woff2"));
    const basic = faces.findIndex((face) => face.includes("/basic.woff2"));
    expect(latin).toBeGreaterThan(-1);
    expect(latinExt).toBeGreaterThan(-1);
    expect(basic).toBeGreaterThan(Math.max(latin, latinExt));
    expect(faces[basic]).toContain(`unicode-range:${unicodeRangeOf(__BASIC_FONT_CHARACTERS__)}`);
    expect(faces[basic]).toContain(`font-weight:${basicWeights.min} ${basicWeights.max}`);
    for (const face of faces.slice(1)) expect(face).toContain("font-display:optional");
  });
});

describe("unicodeRangeOf", () => {
  it("joins runs of code points into ranges, in order, once each", () => {
    expect(unicodeRangeOf("cab d©a")).toBe("U+20,U+61-64,U+A9");
    expect(unicodeRangeOf("“”")).toBe("U+201C-201D");
  });
});
