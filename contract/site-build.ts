import { join } from "node:path";
import { readSettings, type Settings } from "./settings-source.ts";

// Where the production build goes is decided here, once: the build writes there
// (astro.config.ts), the server serves its client/ folder unless SITE_ROOT says
// otherwise (server/config.ts), and the browser tests and benches read it.

const defaultBuildDirectory = "build";

/** The build folder: BUILD_DIR from the settings (the environment, then `.env`), else build/. */
export function buildDirectory(settings: Settings = readSettings()): string {
  return settings.BUILD_DIR || defaultBuildDirectory;
}

/** The static site inside a build folder: every page, asset and precompressed sibling. */
export function siteRootOf(buildDir: string | undefined): string {
  return join(buildDir || defaultBuildDirectory, "client");
}
