import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { charactersByFile, cutWeights, type InterFile } from "./web-font.ts";

// The web font's cut faces (app/lib/web-font.ts), made at build time: one per Inter file that
// holds some of the characters, named by a hash of its bytes.
export const cutFaces = (characters: Record<InterFile, string>) =>
  Promise.all(
    (["latin", "latin-ext"] as const)
      .filter((file) => characters[file])
      .map(async (file) => {
        const whole = createRequire(import.meta.url).resolve(
          `@fontsource-variable/inter/files/inter-${file}-wght-normal.woff2`,
        );
        const font = await subsetFont(await readFile(whole), characters[file], {
          targetFormat: "woff2",
          variationAxes: { wght: cutWeights },
          keepFeatures: ["kern"],
          // The axis names a browser never reads.
          dropTables: ["STAT"],
        });
        const bytes = new Uint8Array(font);
        const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 10);
        return {
          file,
          characters: characters[file],
          name: `inter-${file}-cut-${hash}.woff2`,
          bytes,
        };
      }),
  );

export type CutFace = Awaited<ReturnType<typeof cutFaces>>[number];

let faces: Promise<CutFace[]> | undefined;

/**
 * The faces cut for this build's copy, made once per build: every page preloads them and
 * app/pages/assets/fonts/ serves them. A character Inter lacks is named with where it is.
 */
export function siteFontFaces(texts: { file: string; field: string; text: string }[]) {
  faces ??= (async () => {
    const characters = charactersByFile(texts.map((found) => found.text));
    for (const char of characters.missing) {
      const first = texts.find((found) => found.text.includes(char));
      console.warn(`Inter lacks "${char}" (${first?.file}: ${first?.field}): a fallback shows it.`);
    }
    return cutFaces(characters);
  })();
  return faces;
}
