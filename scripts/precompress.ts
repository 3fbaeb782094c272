import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// Fonts and raster images are compressed formats already.
const compressible = new Set([
  ".html",
  ".js",
  ".css",
  ".svg",
  ".json",
  ".webmanifest",
  ".txt",
  ".xml",
  ".ico",
]);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* compressibleFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* compressibleFiles(path);
    else if (compressible.has(extname(entry.name))) yield path;
  }
}

/**
 * Writes .br and .gz siblings at the strongest settings, once, at build time, so the server
 * never spends CPU on compression per request: it picks the sibling by the request's
 * Accept-Encoding. Returns how many files it looked at.
 */
export async function precompress(client: string): Promise<number> {
  let count = 0;
  for await (const path of compressibleFiles(client)) {
    const source = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A compressed copy that is not smaller only costs the client a decode step.
    if (br.length < source.length) await writeFile(`${path}.br`, br);
    if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
    count++;
  }
  return count;
}
