// Cuts the basic face of the site's web font (app/lib/web-font.ts) from Inter's latin file:
// only the characters, weight range and features that module lists. Run it after changing either,
// or after updating @fontsource-variable/inter, and commit the file it writes:
//
//   npm run font
//
// A unit test (app/lib/web-font.test.ts) fails while the committed file is not what this
// writes.
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { basicCharacters, basicFeatures, basicWeights } from "../app/lib/web-font.ts";

export const basicFontPath = "app/assets/fonts/inter-basic-latin.woff2";

export async function basicFont(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const latin = await readFile(
    require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  );
  return subsetFont(latin, basicCharacters, {
    targetFormat: "woff2",
    variationAxes: { wght: basicWeights },
    keepFeatures: [...basicFeatures],
    // The axis names a browser never reads.
    dropTables: ["STAT"],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const font = await basicFont();
  await writeFile(basicFontPath, font);
  console.log(`wrote ${basicFontPath} (${font.length} bytes)`);
}
