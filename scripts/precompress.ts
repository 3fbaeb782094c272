import { readdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// Fonts and raster images are compressed formats already.
const compressible = /\.(html|js|css|svg|json|webmanifest|txt|xml|ico)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// The editor's files (/admin: 14 MB, loaded by staff and cached) at brotli's quality 10: a
// third of quality 11's time for 2% more bytes (its main file 589 KB against 580). Quality 11
// took 30 of a build's CPU seconds, paid by every build, three times in each CI run.
const editorQuality = 10;

async function compress(path: string, quality: number): Promise<void> {
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
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
 * Writes .br and .gz siblings at the strongest settings (the editor's nearly so), once, at build
 * time, so the server never spends CPU on compression per request: it picks the sibling by the
 * request's Accept-Encoding. Returns how many files it looked at.
 */
export async function precompress(client: string): Promise<number> {
  const entries = await readdir(client, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  // Compression runs on libuv's thread pool: one file per core keeps every core busy (the
  // editor's hundreds of chunks are most of a build's time), and memory to a few files at once.
  const editorFolder = join(client, "admin", "/");
  const queue = [...paths];
  const lane = async () => {
    for (let path = queue.shift(); path; path = queue.shift())
      await compress(
        path,
        path.startsWith(editorFolder) ? editorQuality : constants.BROTLI_MAX_QUALITY,
      );
  };
  await Promise.all(Array.from({ length: availableParallelism() }, lane));
  return paths.length;
}
