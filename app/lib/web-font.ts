import ranges from "@fontsource-variable/inter/unicode.json" with { type: "json" };

// Inter, self-hosted. Every page preloads faces cut to its copy's characters (and ASCII), so they
// arrive in a new connection's first round trip. Any other character (a name typed into the
// form) comes from Inter's whole latin or latin-ext file, fetched only by a page that has one.

// The base set is ASCII, the punctuation copy is typed with, and what the components write
// themselves: © in the footer, the · between a document's or a study's details.
export const baseCharacters =
  " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~" +
  "©·–—‘’“”…";

/** The lightest and heaviest weight the styles use. */
export const cutWeights = { min: 400, max: 700 } as const;

const codeOf = (char: string) => char.codePointAt(0) ?? 0;
const hex = (code: number) => code.toString(16).toUpperCase();

/** Whether a CSS unicode-range holds a character. */
const inRange = (unicodeRange: string) => {
  const spans = unicodeRange.split(",").map((part) => {
    const [start = "0", end = start] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(start, 16), Number.parseInt(end, 16)] as const;
  });
  return (char: string) =>
    spans.some(([start, end]) => codeOf(char) >= start && codeOf(char) <= end);
};
const holds = { latin: inRange(ranges.latin), "latin-ext": inRange(ranges["latin-ext"]) };
export type InterFile = keyof typeof holds;

/** The characters of some texts by the Inter file that holds them (latin first), and those none has. */
export function charactersByFile(texts: Iterable<string>) {
  const found = new Set(baseCharacters);
  for (const text of texts) for (const char of text.replace(/\s/g, "")) found.add(char);
  const sorted = [...found].sort((a, b) => codeOf(a) - codeOf(b));
  const fileOf = (char: string) =>
    (["latin", "latin-ext"] as const).find((file) => holds[file](char));
  return {
    latin: sorted.filter((char) => fileOf(char) === "latin").join(""),
    "latin-ext": sorted.filter((char) => fileOf(char) === "latin-ext").join(""),
    missing: sorted.filter((char) => !fileOf(char)),
  };
}

/** A CSS unicode-range listing exactly these characters. */
export function unicodeRangeOf(characters: string): string {
  const codes = [...new Set([...characters].map(codeOf))].sort((a, b) => a - b);
  const spans: [number, number][] = [];
  for (const code of codes) {
    const last = spans.at(-1);
    if (last && code === last[1] + 1) last[1] = code;
    else spans.push([code, code]);
  }
  return spans
    .map(([start, end]) => (start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`))
    .join(",");
}

// `optional`: a face not there in time is not swapped in later, so text never moves; the
// metric-matched fallback shows instead. Where ranges overlap the face declared last is tried
// first, so the cut faces come after the whole files.
const face = (src: string, weights: string, unicodeRange: string) =>
  `@font-face{font-family:"Inter Variable";font-style:normal;font-weight:${weights};font-display:optional;src:url(${src}) format("woff2-variations");unicode-range:${unicodeRange}}`;

/** The @font-face rules every page declares in its head, given where each file is served. */
export function fontFaceCss(
  wholeUrls: Record<InterFile, string>,
  cut: { url: string; characters: string }[] = [],
) {
  return [
    `@font-face{font-family:"Inter Fallback";src:local("Arial"),local("Liberation Sans"),local("Helvetica");ascent-override:90.2%;descent-override:22.48%;line-gap-override:0%;size-adjust:107.4%}`,
    face(wholeUrls["latin-ext"], "100 900", ranges["latin-ext"]),
    face(wholeUrls.latin, "100 900", ranges.latin),
    ...cut.map(({ url, characters }) =>
      face(url, `${cutWeights.min} ${cutWeights.max}`, unicodeRangeOf(characters)),
    ),
  ].join("");
}
