import { readdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AstroIntegration } from "astro";
import { tsImport } from "tsx/esm/api";
import { build, type Plugin, type Rolldown, type UserConfig } from "vite";
import { adminPage } from "../app/content/cms-config.ts";
import { buildManifest } from "../app/content/site-content.ts";
import { buildManifestFile } from "../contract/site-build.ts";
import { precompress } from "./precompress.ts";

const editorEntry = "app/admin/editor.tsx";

/**
 * What the site adds to Astro: the contact form's loading strategy (`client:first-use`), the
 * enquiry service and the editor inside the dev server, and in the build the editor at /admin,
 * precompressed files and the build's manifest (what the server checks its settings against).
 * `unset` names the settings whose absence leaves something out of the pages: the build says so.
 */
export function site(unset: { name: string; leftOut: string }[] = []): AstroIntegration {
  let css: UserConfig["css"];
  let root = "";
  return {
    name: "site",
    hooks: {
      "astro:build:start": ({ logger }) => {
        for (const { name, leftOut } of unset) logger.warn(`${name} is not set: ${leftOut}`);
      },
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "first-use",
          entrypoint: "./app/features/contact/first-use.ts",
        });
      },
      "astro:config:done": ({ config }) => {
        css = config.vite.css;
        root = fileURLToPath(config.root);
      },
      // `npm run dev` answers the send call too: the service runs inside the dev server with its
      // development settings (server/dev-service.ts), loaded as `npm run serve` loads it.
      "astro:server:setup": async ({ server, logger }) => {
        // Vitest runs Astro's Vite settings with no server listening: nothing to answer.
        if (!server.httpServer) return;
        const entry = pathToFileURL(join(root, "server/dev-service.ts")).href;
        const { startDevService, devDatabaseUrl }: typeof import("../server/dev-service.ts") =
          await tsImport(entry, import.meta.url);
        const service = await startDevService();
        server.httpServer.once("close", () => service.close());
        logger.info(`Enquiries: /api stores them in ${devDatabaseUrl}; not mailed; no bot check`);
        logger.info("Editor: /admin (Work with Local Repository edits app/content/ here)");
        // The editor from source, after React Refresh's preamble, which its components expect.
        const editor = adminPage(["/@id/@vitejs/plugin-react/preamble", `/${editorEntry}`]);
        server.middlewares.use((request, response, next) => {
          const path = (request.url ?? "").split("?")[0] ?? "";
          if (/^\/api(\/|$)/.test(path)) return service.handle(request, response);
          if (path !== "/admin" && path !== "/admin/") return next();
          response.setHeader("content-type", "text/html; charset=utf-8");
          response.end(editor);
        });
      },
      "astro:build:done": async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        await buildEditor(join(client, "admin"), root, css);
        const count = await precompress(client);
        await writeFile(buildManifestFile(client), JSON.stringify(buildManifest(), null, 2));
        logger.info(
          `wrote the editor at /admin and ${buildManifestFile(client)}; precompressed ${count} files (brotli, gzip)`,
        );
      },
    },
  };
}

/** A font file Sveltia CMS's styles ask jsDelivr's Fontsource mirror for. */
const fontsourceFile =
  /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([\w-]+)(?::vf)?@[\d.]+\/([\w-]+)\.woff2/g;

/**
 * Sveltia CMS ships its icon font and two faces in its package, yet its styles also declare them
 * from jsDelivr, which the editor's policy refuses (three refusals, and icons drawn as their
 * names until the shipped copies load). Each address becomes its shipped copy's.
 */
function editorFontsFromOurOrigin(): Plugin {
  return {
    name: "editor-fonts-from-our-origin",
    transform(code, id) {
      if (!id.includes("/@sveltia/cms/")) return;
      const assets = join(dirname(id.split("?")[0] ?? ""), "assets");
      const files: string[] = [];
      // The styles are template literals, so each address becomes an imported file's URL in one.
      const swapped = code.replace(fontsourceFile, (url, family, file) => {
        const shipped = readdirSync(assets).find(
          (name) => name.startsWith(`${family}-${file}-`) && name.endsWith(".woff2"),
        );
        if (!shipped) this.error(`Sveltia CMS ships no copy of ${url}`);
        files.push(`./assets/${shipped}?url`);
        return `\${__editorFont${files.length - 1}}`;
      });
      if (files.length === 0) return;
      if (swapped.includes("cdn.jsdelivr.net")) this.error("Sveltia CMS loads more from jsDelivr");
      const imports = files.map((file, index) => `import __editorFont${index} from "${file}";`);
      return { code: `${imports.join("")}${swapped}`, map: null };
    },
  };
}

/**
 * The editor's own build, apart from the pages': Sveltia brings hundreds of chunks, which would
 * otherwise each add a hash to every page's policy. Its page lists no inline script.
 */
async function buildEditor(outDir: string, root: string, css: UserConfig["css"]) {
  // One configuration, not watched: one output.
  const { output } = (await build({
    configFile: false,
    root,
    base: "/admin/",
    logLevel: "warn",
    plugins: [editorFontsFromOurOrigin()],
    css,
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      target: "es2022",
      // The editor's bundle is large by nature; the site's pages load none of it.
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: { editor: editorEntry },
        checks: { pluginTimings: false, moduleLevelDirective: false },
        output: { entryFileNames: "[name]-[hash].js" },
      },
    },
  })) as Rolldown.RolldownOutput;
  const entry = output.find((item) => item.type === "chunk" && item.isEntry);
  if (entry?.type !== "chunk") throw new Error("the editor's build wrote no module");
  const styles = [...(entry.viteMetadata?.importedCss ?? [])].map((file) => `/admin/${file}`);
  await writeFile(join(outDir, "index.html"), adminPage([`/admin/${entry.fileName}`], styles));
}
