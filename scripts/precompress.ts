import { readdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// Fonts and raster images are compressed formats already.
const compressible = /\.(html|js|css|svg|json|webmanifest|txt|xml|ico)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compress(path: string): Promise<void> {
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

/**
 * Writes .br and .gz siblings at the strongest settings, once, at build time, so the server
 * never spends CPU on compression per request: it picks the sibling by the request's
 * Accept-Encoding. Returns how many files it looked at.
 */
export async function precompress(client: string): Promise<number> {
  const entries = await readdir(client, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  // Compression runs on libuv's thread pool: one file per core keeps every core busy (the
  // editor's hundreds of chunks are most of a build's time), and memory to a few files at once.
  const queue = [...paths];
  const lane = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) await compress(path);
  };
  await Promise.all(Array.from({ length: availableParallelism() }, lane));
  return paths.length;
}
