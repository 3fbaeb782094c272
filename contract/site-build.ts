import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

// Where the production build goes is decided here, once: the build writes there
// (react-router.config.ts), the server serves its client/ folder unless SITE_ROOT says
// otherwise (server/config.ts), and the browser tests and benches read it.

const defaultBuildDirectory = "build";

/**
 * The build folder: BUILD_DIR from the environment, else from a `.env` file in the working
 * directory (as the server reads its settings), else build/.
 */
export function buildDirectory(env: NodeJS.ProcessEnv = process.env, envFile = ".env"): string {
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, "utf8")).BUILD_DIR : "";
  return env.BUILD_DIR || fromFile || defaultBuildDirectory;
}

/** The static site inside a build folder: every page, asset and precompressed sibling. */
export function siteRootOf(buildDir: string | undefined): string {
  return join(buildDir || defaultBuildDirectory, "client");
}
