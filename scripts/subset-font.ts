// Cuts the basic face of the site's web font (app/lib/web-font.ts) from Inter's latin file, at
// build time (scripts/font-plugin.ts): the characters the content uses, with printable ASCII and
// the usual typographic punctuation, within what that file has; the weight range and features
// that module lists. A character of the copy the file lacks is named with its file and field.
//
//   npm run font     (reports what the current content needs, and the face's size)
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontsourceRanges from "@fontsource-variable/inter/unicode.json" with { type: "json" };
import subsetFont from "subset-font";
import { contentTexts } from "../app/content/content-files.ts";
import type { PlaceholderValues } from "../app/content/placeholders.ts";
import { basicCharacters, basicFeatures, basicWeights } from "../app/lib/web-font.ts";

/** The code points of a CSS unicode-range, like fontsource's list for a file. */
function codePointsOf(unicodeRange: string): (codePoint: number) => boolean {
  const ranges = unicodeRange.split(",").map((part) => {
    const [start = "0", end = start] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(start, 16), Number.parseInt(end, 16)] as const;
  });
  return (codePoint) => ranges.some(([start, end]) => codePoint >= start && codePoint <= end);
}

/** Whether Inter's latin file has a character: the range fontsource cut it for. */
const inLatinFile = codePointsOf(fontsourceRanges.latin);
/** Whether the site's font has a character at all: in its latin or its latin-ext file. */
const inSiteFont = codePointsOf(`${fontsourceRanges.latin},${fontsourceRanges["latin-ext"]}`);

export type MissingCharacter = { character: string; file: string; field: string };

/**
 * The characters the basic face holds for some texts: every one they use that the latin file
 * has, plus the base set; and each one the site's font lacks, where it first appears. A letter of
 * the latin-ext file (š, Č) is neither: the site declares that whole file too (app/lib/web-font.ts).
 */
export function fontCharacters(texts: Iterable<{ file: string; field: string; text: string }>): {
  characters: string;
  missing: MissingCharacter[];
} {
  const characters = new Set(basicCharacters);
  const missing = new Map<string, MissingCharacter>();
  for (const { file, field, text } of texts) {
    for (const character of text) {
      if (characters.has(character) || missing.has(character) || /\s/.test(character)) continue;
      const codePoint = character.codePointAt(0) ?? 0;
      if (inLatinFile(codePoint)) characters.add(character);
      else if (!inSiteFont(codePoint)) missing.set(character, { character, file, field });
    }
  }
  const sorted = [...characters].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0));
  return { characters: sorted.join(""), missing: [...missing.values()] };
}

/** The characters of the site's content as this build reads it (CONTENT_DIR when set). */
export function siteFontCharacters(values: PlaceholderValues) {
  return fontCharacters(contentTexts(values));
}

/** The build's warning for characters the font lacks. */
export function missingCharactersWarning(missing: readonly MissingCharacter[]): string | undefined {
  if (missing.length === 0) return undefined;
  const lines = missing.map(
    ({ character, file, field }) =>
      `  "${character}" (U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}) first in ${file}: ${field}`,
  );
  return `The site's font (Inter, latin and latin-ext) has no letter for these characters of the copy; they show in a fallback font:\n${lines.join("\n")}`;
}

export async function basicFont(characters: string): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const latin = await readFile(
    require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  );
  return subsetFont(latin, characters, {
    targetFormat: "woff2",
    variationAxes: { wght: basicWeights },
    keepFeatures: [...basicFeatures],
    // The axis names a browser never reads.
    dropTables: ["STAT"],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadPublicSettings } = await import("./public-settings-plugin.ts");
  const { placeholderValues } = await import("../app/content/placeholders.ts");
  const { characters, missing } = siteFontCharacters(
    placeholderValues(loadPublicSettings({}).settings),
  );
  const font = await basicFont(characters);
  console.log(`basic face: ${[...characters].length} characters, ${font.length} bytes`);
  const extra = [...characters].filter((character) => !basicCharacters.includes(character));
  if (extra.length > 0) console.log(`besides the base set, the copy uses: ${extra.join(" ")}`);
  console.log(missingCharactersWarning(missing) ?? "every character of the copy is in the font");
}
