// Runs after `react-router build`, on the static client build.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { runnerImport } from "vite";
import { criticalCssInliner } from "./postbuild/critical-css.mjs";
import { placeNotFoundPage } from "./postbuild/not-found-page.mjs";
import { startAppOnFirstUse } from "./postbuild/start-app-on-first-use.mjs";

const client = join(process.env.BUILD_DIR || "build", "client");

await placeNotFoundPage(client);

/** Every prerendered page of the site, 404.html included. */
async function* htmlPages(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "assets") yield* htmlPages(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

const inlineCriticalCss = criticalCssInliner(client);
for await (const path of htmlPages(client)) {
  const html = await readFile(path, "utf8");
  await writeFile(path, await inlineCriticalCss(startAppOnFirstUse(html)));
}

// Routes with loaders also get a .data file for client-side loader calls; nothing on this
// site makes those, so they are not shipped.
for (const name of await readdir(client)) {
  if (name.endsWith(".data")) await rm(join(client, name));
}

// Share cards, icons and the web app manifest, drawn from our artwork and logo mark. Vite's
// module runner loads the TypeScript with the build's own settings plugin, so app/config.ts
// holds the same checked VITE_* values (and .env files) as the pages.
const runner = { configFile: false, mode: "production", logLevel: "error" };
const { module: settingsPlugin } = await runnerImport(
  "./scripts/public-settings-plugin.ts",
  runner,
);
const { module: contentPlugin } = await runnerImport("./scripts/content-plugin.ts", runner);
const { module: socialImages } = await runnerImport("./scripts/social-images.ts", {
  ...runner,
  plugins: [contentPlugin.contentFiles(), settingsPlugin.publicSettings()],
});
const images = [
  ...(await socialImages.writeShareCards(client)),
  ...(await socialImages.writeSiteIcons(client)),
];
console.log(`postbuild: wrote share cards, icons and the manifest: ${images.join(", ")}`);

// Compress once, at build time, at the strongest settings, so the server never spends CPU on
// it per request: it picks the .br or .gz sibling by the request's Accept-Encoding.
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

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.has(extname(entry.name))) yield path;
  }
}

let count = 0;
for await (const path of files(client)) {
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
console.log(`postbuild: precompressed ${count} files in ${client} (brotli, gzip)`);
