import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// Fonts and raster images are compressed formats already.
const compressible = /\.(html|js|css|svg|json|webmanifest|txt|xml|ico)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes .br and .gz siblings at the strongest settings, once, at build time, so the server
 * never spends CPU on compression per request: it picks the sibling by the request's
 * Accept-Encoding. Returns how many files it looked at.
 */
export async function precompress(client: string): Promise<number> {
  const entries = await readdir(client, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && compressible.test(entry.name));
  for (const file of files) {
    const path = join(file.parentPath, file.name);
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
  }
  return files.length;
}
