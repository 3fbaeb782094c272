import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import ranges from "@fontsource-variable/inter/unicode.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { copyTexts } from "../content/site-content";
import { cutFaces } from "./font-cut";
import {
  baseCharacters,
  charactersByFile,
  cutWeights,
  fontFaceCss,
  unicodeRangeOf,
} from "./web-font";

/** Every text of this build's copy (CONTENT_DIR when set), placeholders filled. */
const contentTexts = () => copyTexts().map((found) => found.text);

/** Whether a CSS unicode-range holds a character. */
const covers = (unicodeRange: string, char: string) =>
  unicodeRange.split(",").some((part) => {
    const [start = "0", end = start] = part.trim().replace(/^U\+/i, "").split("-");
    const code = char.codePointAt(0) ?? 0;
    return code >= Number.parseInt(start, 16) && code <= Number.parseInt(end, 16);
  });

describe("charactersByFile", () => {
  it("puts each character in the Inter file that holds it, once, in code point order; the base set always", () => {
    const found = charactersByFile(["Slim watermeters", "Češka sê “kliënt”", "š — Č"]);
    expect(found["latin-ext"]).toBe("Čš");
    for (const char of "ëê“”—") expect(found.latin).toContain(char);
    expect([...found.latin]).toEqual([...new Set(found.latin)]);
    const codes = [...found.latin].map((char) => char.codePointAt(0) ?? 0);
    expect(codes).toEqual(codes.toSorted((a, b) => a - b));
    expect(found.missing).toEqual([]);

    // It always holds the base set, leaves white space out and names what no file of Inter has.
    const other = charactersByFile(["a\tb\nc\u00a0d", "Water 水 ☃"]);
    for (const char of baseCharacters) expect(other.latin).toContain(char);
    expect(other.latin).not.toMatch(/[\t\n\u00a0水☃]/);
    expect(other["latin-ext"]).toBe("");
    expect(other.missing).toEqual(["☃", "水"]);
  });

  it("places every character of this build's copy: in a face cut from the file that holds it, or named as missing", () => {
    const texts = contentTexts();
    expect(texts.length).toBeGreaterThan(50);
    const found = charactersByFile(texts);
    for (const char of new Set(texts.join("").replace(/\s/g, ""))) {
      if (covers(ranges.latin, char)) expect(found.latin, char).toContain(char);
      else if (covers(ranges["latin-ext"], char)) expect(found["latin-ext"], char).toContain(char);
      else expect(found.missing, char).toContain(char);
    }
  });
});

describe("cutFaces", () => {
  it("cuts a latin face, and a latin-ext face only when the copy has a letter of that file", async () => {
    const english = await cutFaces(charactersByFile(["Smart water meters"]));
    expect(english.map((face) => face.file)).toEqual(["latin"]);

    const faces = await cutFaces(charactersByFile(["Slim watermeters van Češka, één"]));
    expect(faces.map((face) => [face.file, face.characters.includes("š")])).toEqual([
      ["latin", false],
      ["latin-ext", true],
    ]);
    for (const face of faces) {
      expect(face.name).toMatch(new RegExp(`^inter-${face.file}-cut-[\\w-]{10}\\.woff2$`));
      expect(Buffer.from(face.bytes.subarray(0, 4)).toString("latin1")).toBe("wOF2");
    }
    // Named by their bytes: the same characters give the same file, others another.
    expect(faces[0]?.name).not.toBe(english[0]?.name);
    expect((await cutFaces(charactersByFile(["Smart water meters"])))[0]?.name).toBe(
      english[0]?.name,
    );
  });

  it("hold every character the copy and the components write (the · between details), by the faces' own character maps", async () => {
    // The components' own strings: their source, less comments.
    const app = join(import.meta.dirname, "..");
    const components = ["components", "features", "layouts", "pages"].flatMap((folder) =>
      readdirSync(join(app, folder), { recursive: true, encoding: "utf8" })
        .filter((path) => /\.(tsx|astro)$/.test(path) && !path.includes(".test."))
        .map((path) =>
          readFileSync(join(app, folder, path), "utf8")
            .replace(/\/\*[\s\S]*?\*\//g, "")
            .replace(/^\s*\/\/.*$/gm, ""),
        ),
    );
    const texts = contentTexts();
    const { create } = createRequire(import.meta.url)("fontkit") as {
      create(bytes: Buffer): { hasGlyphForCodePoint(code: number): boolean };
    };
    const maps = (await cutFaces(charactersByFile(texts))).map((face) =>
      create(Buffer.from(face.bytes)),
    );
    const written = new Set([...texts, ...components].join("").replace(/\s/g, ""));
    const lacking = [...written].filter(
      (char) => !maps.some((font) => font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)),
    );
    expect(lacking).toEqual([]);
  });

  it("is a small part of Inter's whole file", async () => {
    const [latin] = await cutFaces(charactersByFile(contentTexts()));
    const whole = readFileSync(
      createRequire(import.meta.url).resolve(
        "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
      ),
    );
    expect(latin?.bytes.length).toBeGreaterThan(1000);
    expect(latin?.bytes.length).toBeLessThan(whole.length / 2);
  });

  it("cover every weight the styles ask for", () => {
    const weights = new Set<number>();
    const app = join(import.meta.dirname, "..");
    for (const path of readdirSync(app, { recursive: true, encoding: "utf8" })) {
      if (!path.endsWith(".css")) continue;
      const css = readFileSync(join(app, path), "utf8");
      for (const [, weight] of css.matchAll(/font-weight:\s*(\d+)/g)) weights.add(Number(weight));
    }
    expect(weights.size).toBeGreaterThan(0);
    for (const weight of weights) {
      expect(weight).toBeGreaterThanOrEqual(cutWeights.min);
      expect(weight).toBeLessThanOrEqual(cutWeights.max);
    }
  });
});

describe("fontFaceCss", () => {
  const css = fontFaceCss({ latin: "/latin.woff2", "latin-ext": "/ext.woff2" }, [
    { url: "/cut-latin.woff2", characters: "abc" },
    { url: "/cut-ext.woff2", characters: "Čš" },
  ]);
  const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((match) => match[1] ?? "");
  const at = (url: string) => faces.findIndex((face) => face.includes(`url(${url})`));

  it("declares the cut faces after the whole files, so a browser tries them first, each for its characters, never swapped in late", () => {
    expect(faces[0]).toContain('font-family:"Inter Fallback"');
    const whole = [at("/latin.woff2"), at("/ext.woff2")];
    const cut = [at("/cut-latin.woff2"), at("/cut-ext.woff2")];
    for (const index of [...whole, ...cut]) expect(index).toBeGreaterThan(0);
    expect(Math.min(...cut)).toBeGreaterThan(Math.max(...whole));
    expect(faces).toHaveLength(5);
    // Each cut face has exactly its characters and the cut weights; the whole files theirs.
    expect(faces[at("/cut-latin.woff2")]).toContain(`unicode-range:${unicodeRangeOf("abc")}`);
    expect(faces[at("/cut-ext.woff2")]).toContain(`unicode-range:${unicodeRangeOf("Čš")}`);
    for (const url of ["/cut-latin.woff2", "/cut-ext.woff2"]) {
      expect(faces[at(url)]).toContain(`font-weight:${cutWeights.min} ${cutWeights.max}`);
    }
    expect(faces[at("/latin.woff2")]).toContain(`unicode-range:${ranges.latin}`);
    expect(faces[at("/ext.woff2")]).toContain(`unicode-range:${ranges["latin-ext"]}`);
    // Never swapped in late: every Inter face is font-display: optional.
    for (const face of faces.slice(1)) {
      expect(face).toContain('font-family:"Inter Variable"');
      expect(face).toContain("font-display:optional");
    }
  });
});

describe("unicodeRangeOf", () => {
  it("joins runs of code points into ranges, in order, once each", () => {
    expect(unicodeRangeOf("cab d©a")).toBe("U+20,U+61-64,U+A9");
    expect(unicodeRangeOf("“”")).toBe("U+201C-201D");
    expect(unicodeRangeOf("šČ")).toBe("U+10C,U+161");
  });
});
