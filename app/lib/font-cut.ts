import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { type charactersByFile, cutWeights, type InterFile } from "./web-font.ts";

// The web font's cut faces (app/lib/web-font.ts), made at build time in Node.

export type CutFace = {
  file: InterFile;
  characters: string;
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
};

const inter = (file: InterFile) =>
  createRequire(import.meta.url).resolve(
    `@fontsource-variable/inter/files/inter-${file}-wght-normal.woff2`,
  );

/** One face per Inter file that holds some of the characters, named by a hash of its bytes. */
export async function cutFaces(
  characters: ReturnType<typeof charactersByFile>,
): Promise<CutFace[]> {
  const faces: CutFace[] = [];
  for (const file of ["latin", "latin-ext"] as const) {
    if (!characters[file]) continue;
    const font = await subsetFont(await readFile(inter(file)), characters[file], {
      targetFormat: "woff2",
      variationAxes: { wght: cutWeights },
      keepFeatures: ["kern"],
      // The axis names a browser never reads.
      dropTables: ["STAT"],
    });
    const bytes = new Uint8Array(font);
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
