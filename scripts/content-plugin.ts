import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, type Plugin, type ResolvedConfig, type Rolldown } from "vite";
import {
  adminPage,
  type CmsSettings,
  cmsConfigYaml,
  editorEntry,
} from "../app/content/cms-config.ts";
import {
  checkContentFiles,
  contentDir,
  contentModuleData,
  contentModuleFiles,
  contentModulePrefix,
  isContentModuleName,
} from "../app/content/content-files.ts";
import { type PlaceholderValues, placeholderValues } from "../app/content/placeholders.ts";
import { readSettings } from "../contract/settings-source.ts";
import { loadPublicSettings } from "./public-settings-plugin.ts";

/** Vite's mark for a module that is no file: other plugins leave it alone. */
const resolvedPrefix = `\0${contentModulePrefix}`;

/**
 * The content modules (`virtual:content/product`, …): their files' checked data, placeholders
 * filled, as plain data.
 */
function contentModules(placeholders: () => PlaceholderValues) {
  return {
    resolveId(id: string) {
      return id.startsWith(contentModulePrefix) ? `\0${id}` : null;
    },
    load(this: Rolldown.PluginContext, id: string) {
      if (!id.startsWith(resolvedPrefix)) return null;
      const name = id.slice(resolvedPrefix.length);
      if (!isContentModuleName(name)) throw new Error(`content: no content module ${name}`);
      for (const file of contentModuleFiles(name)) this.addWatchFile(join(contentDir(), file));
      return `export default ${JSON.stringify(contentModuleData(name, placeholders()))};`;
    },
  };
}

/**
 * Content files (app/content/*.yaml) as modules, one per schema (app/content/content-files.ts):
 * each file is read from the content folder (CONTENT_DIR when set), checked against its schema,
 * its placeholders filled from the build's settings, and handed to the importing module as plain
 * data, so neither YAML nor zod reaches a page. Every file is checked when the build starts, so one that nothing imports fails too, with the file and field named.
 *
 * The client build also gets the editor at /admin: Sveltia CMS from its npm package, built by a
 * build of its own into <client>/admin/ (the server reads that folder from disk, not memory),
 * with a configuration generated from the same schemas. `npm run cms` serves the same from the
 * dev server.
 */
export function contentFiles(): Plugin {
  let cms: CmsSettings = {};
  let resolved: ResolvedConfig;
  let placeholders: PlaceholderValues;
  return {
    name: "content-files",
    enforce: "pre",
    config(config) {
      const env = readSettings(process.env, config.root);
      placeholders = placeholderValues(loadPublicSettings(config).settings);
      cms = {
        repo: env.CMS_GITHUB_REPO || undefined,
        branch: env.CMS_GITHUB_BRANCH || undefined,
        siteUrl: env.VITE_SITE_URL || undefined,
      };
    },
    configResolved(config) {
      resolved = config;
    },
    buildStart() {
      checkContentFiles();
    },
    ...contentModules(() => placeholders),
    async writeBundle() {
      if (this.environment.config.consumer !== "client") return;
      const outDir = join(this.environment.config.build.outDir, "admin");
      const { script, styles } = await buildEditor(resolved, outDir, placeholders);
      writeFileSync(join(outDir, "index.html"), adminPage(script, styles));
      writeFileSync(join(outDir, "config.yml"), cmsConfigYaml(cms));
    },
    configureServer(server) {
      // The editor on a workstation: the same page and configuration, the script from source.
      server.middlewares.use((request, response, next) => {
        const url = (request.url ?? "").split("?")[0];
        if (url === "/admin" || url === "/admin/") {
          response.setHeader("content-type", "text/html; charset=utf-8");
          response.end(adminPage(`/${editorEntry}`));
        } else if (url === "/admin/config.yml") {
          response.setHeader("content-type", "application/yaml; charset=utf-8");
          response.end(cmsConfigYaml(cms));
        } else next();
      });
    },
  };
}

/**
 * The editor's own build: its module and the chunks, fonts and translations it loads on demand,
 * all under /admin/, so none of it is held in the server's memory with the pages. Returns the
 * module's address and those of the site's styles, which its preview applies.
 */
async function buildEditor(
  config: ResolvedConfig,
  outDir: string,
  placeholders: PlaceholderValues,
): Promise<{ script: string; styles: string[] }> {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    base: "/admin/",
    logLevel: "warn",
    define: config.define,
    css: { transformer: config.css.transformer, lightningcss: config.css.lightningcss },
    // The preview renders the site's blocks from the content modules.
    plugins: [{ name: "content-modules", ...contentModules(() => placeholders) }],
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      // The editor's bundle is large by nature; the site's pages load none of it.
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: { editor: editorEntry },
        checks: config.build.rolldownOptions.checks,
        output: { entryFileNames: "[name]-[hash].js" },
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const entry = outputs
    .flatMap((out) => ("output" in out ? out.output : []))
    .find((item) => item.type === "chunk" && item.isEntry);
  if (entry?.type !== "chunk") throw new Error("content: the editor's build wrote no module");
  return {
    script: `/admin/${entry.fileName}`,
    styles: [...(entry.viteMetadata?.importedCss ?? [])].map((file) => `/admin/${file}`),
  };
}
