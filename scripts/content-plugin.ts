import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Plugin } from "vite";
import {
  adminPage,
  type CmsSettings,
  cmsConfigYaml,
  decapBundleFiles,
} from "../app/content/cms-config.ts";
import {
  checkContentFiles,
  contentDir,
  isContentFileName,
  type PlaceholderValues,
  placeholderValues,
  readContentFile,
} from "../app/content/content-files.ts";
import { readSettings } from "../contract/settings-source.ts";
import { loadPublicSettings } from "./public-settings-plugin.ts";

const contentFolder = join(import.meta.dirname, "..", "app", "content");

/**
 * Content files (app/content/*.yaml) as modules: each is read from the content folder
 * (CONTENT_DIR when set), checked against its schema, its placeholders filled from the build's
 * settings, and handed to the importing module as plain data, so neither YAML nor zod reaches a page. Every file is checked when the build
 * starts, so one that nothing imports fails too, with the file and field named.
 *
 * The client build also gets the editor at /admin: Decap CMS from its npm bundle, with a
 * configuration generated from the same schemas. `npm run cms` serves the same from the dev
 * server, pointed at decap-server on this machine.
 */
export function contentFiles(): Plugin {
  let cms: CmsSettings = {};
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
        localBackendPort: env.CMS_LOCAL_PORT || undefined,
      };
      // Decap's bundle is served as it ships, from /admin, never bundled with the site.
      return { optimizeDeps: { exclude: ["decap-cms"] } };
    },
    configResolved(config) {
      // Decap's package brings react-router-dom 5 along, which React Router's plugin then lists
      // for the dev server to pre-bundle (against React Router 7, which fails). The site never
      // imports it, so it comes off the list.
      const include = config.optimizeDeps.include;
      const index = include?.indexOf("react-router-dom") ?? -1;
      if (include && index !== -1) include.splice(index, 1);
    },
    buildStart() {
      checkContentFiles();
    },
    load(id) {
      const path = id.split("?")[0] ?? id;
      const name = basename(path);
      if (dirname(path) !== contentFolder || !isContentFileName(name)) return null;
      this.addWatchFile(join(contentDir(), name));
      return `export default ${JSON.stringify(readContentFile(name, placeholders))};`;
    },
    generateBundle() {
      if (this.environment.config.consumer !== "client") return;
      this.emitFile({ type: "asset", fileName: "admin/index.html", source: adminPage() });
      // The built editor signs in to GitHub; decap-server is for `npm run cms` only.
      this.emitFile({
        type: "asset",
        fileName: "admin/config.yml",
        source: cmsConfigYaml({ ...cms, localBackendPort: undefined }),
      });
      for (const file of decapBundleFiles()) {
        this.emitFile({
          type: "asset",
          fileName: `admin/${basename(file)}`,
          source: readFileSync(file),
        });
      }
    },
    configureServer(server) {
      // The editor on a workstation: same page, configuration pointed at the local decap-server.
      server.middlewares.use((request, response, next) => {
        const url = (request.url ?? "").split("?")[0];
        if (url === "/admin" || url === "/admin/") {
          response.setHeader("content-type", "text/html; charset=utf-8");
          response.end(adminPage());
        } else if (url === "/admin/config.yml") {
          response.setHeader("content-type", "text/yaml; charset=utf-8");
          response.end(cmsConfigYaml({ ...cms, localBackendPort: cms.localBackendPort || "8081" }));
        } else if (url?.startsWith("/admin/")) {
          const file = decapBundleFiles().find((path) => `/admin/${basename(path)}` === url);
          if (!file) return next();
          response.setHeader("content-type", "text/javascript; charset=utf-8");
          response.end(readFileSync(file));
        } else next();
      });
    },
  };
}
