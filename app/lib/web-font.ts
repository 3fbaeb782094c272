import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import ranges from "@fontsource-variable/inter/unicode.json" with { type: "json" };

// Inter, self-hosted. Every page preloads the cut faces: the characters its copy uses (plus
// printable ASCII and typographic punctuation), each from the Inter file that holds it, at the
// weights the styles use, with kerning only: about 14 KiB for plain English against the latin
// file's 48, so it arrives in a new connection's first round trip. Any other character (an
// accented name typed into the form) comes from Inter's whole latin or latin-ext file, which a
// browser fetches only for a page that has one.

export const baseCharacters =
  " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~" +
  "©–—‘’“”…";

/** The lightest and heaviest weight the styles use. */
export const cutWeights = { min: 400, max: 700 } as const;

const files = { latin: ranges.latin, "latin-ext": ranges["latin-ext"] };
export type InterFile = keyof typeof files;

const inRange = (unicodeRange: string) => {
  const spans = unicodeRange.split(",").map((part) => {
    const [start = "0", end = start] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(start, 16), Number.parseInt(end, 16)] as const;
  });
  return (char: string) => {
    const code = char.codePointAt(0) ?? 0;
    return spans.some(([start, end]) => code >= start && code <= end);
  };
};
const holds = { latin: inRange(files.latin), "latin-ext": inRange(files["latin-ext"]) };

/** The characters of some texts each Inter file holds, and those no file has. */
export function charactersByFile(texts: Iterable<string>) {
  const found = new Set(baseCharacters);
  for (const text of texts) for (const char of text.replace(/\s/g, "")) found.add(char);
  const sorted = [...found].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0));
  const latin = sorted.filter(holds.latin);
  const latinExt = sorted.filter((char) => !holds.latin(char) && holds["latin-ext"](char));
  const missing = sorted.filter((char) => !holds.latin(char) && !holds["latin-ext"](char));
  return { latin: latin.join(""), "latin-ext": latinExt.join(""), missing };
}

/** A CSS unicode-range listing exactly these characters. */
export function unicodeRangeOf(characters: string): string {
  const codes = [...new Set([...characters].map((char) => char.codePointAt(0) ?? 0))].sort(
    (a, b) => a - b,
  );
  const parts: string[] = [];
  for (let i = 0; i < codes.length; ) {
    let end = i;
    while (codes[end + 1] === (codes[end] ?? 0) + 1) end++;
    const hex = (index: number) => (codes[index] ?? 0).toString(16).toUpperCase();
    parts.push(end === i ? `U+${hex(i)}` : `U+${hex(i)}-${hex(end)}`);
    i = end + 1;
  }
  return parts.join(",");
}

export type CutFace = {
  file: InterFile;
  characters: string;
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
};

// Resolved, and subset-font loaded, only when faces are cut: the editor's browser bundle takes
// fontFaceCss from this module, and neither runs in a browser.
const wholeFile = (file: InterFile) =>
  createRequire(import.meta.url).resolve(
    `@fontsource-variable/inter/files/inter-${file}-wght-normal.woff2`,
  );

/** The cut faces for these characters, named by a hash of their bytes. */
export async function cutFaces(
  characters: ReturnType<typeof charactersByFile>,
): Promise<CutFace[]> {
  const { default: subsetFont } = await import("subset-font");
  const faces: CutFace[] = [];
  for (const file of ["latin", "latin-ext"] as const) {
    if (!characters[file]) continue;
    const cut = await subsetFont(await readFile(wholeFile(file)), characters[file], {
      targetFormat: "woff2",
      variationAxes: { wght: cutWeights },
      keepFeatures: ["kern"],
      // The axis names a browser never reads.
      dropTables: ["STAT"],
    });
    const bytes = new Uint8Array(cut);
    const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 10);
    faces.push({
      file,
      characters: characters[file],
      name: `inter-${file}-cut-${hash}.woff2`,
      bytes,
    });
  }
  return faces;
}

// `optional`: a face not there in time is not swapped in later, so text never moves; the
// metric-matched fallback shows instead. Where ranges overlap the face declared last is tried
// first, so the cut faces come after the whole files.
const face = (src: string, weights: string, unicodeRange: string) =>
  `@font-face{font-family:"Inter Variable";font-style:normal;font-weight:${weights};font-display:optional;src:url(${src}) format("woff2-variations");unicode-range:${unicodeRange}}`;

/** The @font-face rules every page declares in its head, given where each file is served. */
export function fontFaceCss(
  wholeUrls: Record<InterFile, string>,
  cut: { url: string; characters: string }[],
) {
  return [
    `@font-face{font-family:"Inter Fallback";src:local("Arial"),local("Liberation Sans"),local("Helvetica");ascent-override:90.2%;descent-override:22.48%;line-gap-override:0%;size-adjust:107.4%}`,
    face(wholeUrls["latin-ext"], "100 900", files["latin-ext"]),
    face(wholeUrls.latin, "100 900", files.latin),
    ...cut.map(({ url, characters }) =>
      face(url, `${cutWeights.min} ${cutWeights.max}`, unicodeRangeOf(characters)),
    ),
  ].join("");
}
