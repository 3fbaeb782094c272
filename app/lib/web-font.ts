import fontsourceRanges from "@fontsource-variable/inter/unicode.json" with { type: "json" };

// Inter, self-hosted, in two faces of one family. The "basic" face (scripts/subset-font.ts cuts
// it from Inter's latin file at build time) holds only the characters the content uses, the
// weights the styles use and kerning, under 14 KiB for plain English against the whole file's 48.
// That size is the point: with its response headers it arrives in a new connection's first
// round trip (ten TCP segments), one round trip sooner than anything bigger on a slow phone
// connection. Any other latin character (an accented name typed into the form) comes from
// Inter's whole latin file, and a letter of central European languages (š, Č, ł) from its
// latin-ext file: a browser fetches either only for a page that has such a letter.

/**
 * The characters the basic face always holds, whatever the copy: printable ASCII and the usual
 * typographic punctuation. The build adds every other character the content uses that Inter's
 * latin file has.
 */
export const basicCharacters =
  " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~" +
  "©–—‘’“”…";

/** The weight axis the basic face keeps: the lightest and heaviest weight the styles use. */
export const basicWeights = { min: 400, max: 700 } as const;

/**
 * The OpenType features the basic face keeps. Kerning is the one body text needs; Inter's
 * contextual alternates (arrows from "->", a raised colon between digits) and stylistic sets
 * cost more bytes than they are worth here.
 */
export const basicFeatures = ["kern"] as const;

/** A CSS unicode-range listing exactly these characters. */
export function unicodeRangeOf(characters: string): string {
  const codePoints = [...new Set([...characters].map((char) => char.codePointAt(0) ?? 0))].sort(
    (a, b) => a - b,
  );
  const ranges: string[] = [];
  for (let i = 0; i < codePoints.length; ) {
    let end = i;
    while (codePoints[end + 1] === (codePoints[end] ?? 0) + 1) end++;
    const hex = (index: number) => (codePoints[index] ?? 0).toString(16).toUpperCase();
    ranges.push(end === i ? `U+${hex(i)}` : `U+${hex(i)}-${hex(end)}`);
    i = end + 1;
  }
  return ranges.join(",");
}

// `optional`: an Inter that is not there in time is not swapped in later, so text never moves.
// The metric-matched fallback is what shows then, declared here with the faces: declared only in
// a later stylesheet it resized the text when that arrived (a 0.015 layout shift on /privacy
// whenever the font was slow). Where unicode ranges overlap, the face declared last is tried
// first, so the basic face comes after the whole latin one.
const inter = (src: string, weights: string, unicodeRange: string) =>
  `@font-face{font-family:"Inter Variable";font-style:normal;font-weight:${weights};font-display:optional;src:url(${src}) format("woff2-variations");unicode-range:${unicodeRange}}`;

/**
 * The @font-face rules every page declares in its head, before any of its text, given where the
 * build put Inter's whole latin and latin-ext files and the basic face (app/root.tsx imports them).
 */
export const fontFaceCss = (files: { latin: string; latinExt: string; basic: string }) =>
  [
    `@font-face{font-family:"Inter Fallback";src:local("Arial"),local("Liberation Sans"),local("Helvetica");ascent-override:90.2%;descent-override:22.48%;line-gap-override:0%;size-adjust:107.4%}`,
    inter(files.latinExt, "100 900", fontsourceRanges["latin-ext"]),
    inter(files.latin, "100 900", fontsourceRanges.latin),
    inter(
      files.basic,
      `${basicWeights.min} ${basicWeights.max}`,
      unicodeRangeOf(__BASIC_FONT_CHARACTERS__),
    ),
  ].join("");
