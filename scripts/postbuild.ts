import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runnerImport } from "vite";
import { criticalCssInliner } from "./postbuild/critical-css.ts";
import { placeNotFoundPage } from "./postbuild/not-found-page.ts";
import { precompress } from "./postbuild/precompress.ts";

/** Every prerendered page of the site, 404.html included. */
async function* htmlPages(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "assets") yield* htmlPages(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

/**
 * Turns React Router's prerendered client build into the site we ship. Runs from the build's
 * buildEnd hook (react-router.config.ts), so `react-router build` alone gives a shippable site.
 */
export async function finishBuild(client: string): Promise<void> {
  await placeNotFoundPage(client);

  const inlineCriticalCss = criticalCssInliner(client);
  for await (const path of htmlPages(client)) {
    const html = await readFile(path, "utf8");
    await writeFile(path, await inlineCriticalCss(html));
  }

  // Routes with loaders also get a .data file for client-side loader calls; nothing on this
  // site makes those, so they are not shipped.
  for (const name of await readdir(client)) {
    if (name.endsWith(".data")) await rm(join(client, name));
  }

  // Share cards, icons and the web app manifest, drawn from our artwork and logo mark. Vite's
  // module runner loads the TypeScript with the build's own settings and content plugins, so
  // app/config.ts holds the same checked VITE_* values (and .env files) as the pages.
  const runner = { configFile: false as const, mode: "production", logLevel: "error" as const };
  const { module: plugins } = await runnerImport<typeof import("./site-plugins.ts")>(
    "./scripts/site-plugins.ts",
    runner,
  );
  const { module: socialImages } = await runnerImport<typeof import("./social-images.ts")>(
    "./scripts/social-images.ts",
    { ...runner, plugins: plugins.sitePlugins({ clientDir: client }) },
  );
  const images = [
    ...(await socialImages.writeShareCards(client)),
    ...(await socialImages.writeSiteIcons(client)),
  ];
  console.log(`postbuild: wrote share cards, icons and the manifest: ${images.join(", ")}`);

  const count = await precompress(client);
  console.log(`postbuild: precompressed ${count} files in ${client} (brotli, gzip)`);
}
