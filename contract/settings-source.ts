import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

// Where every setting comes from, for the build and the server alike: the environment, then a
// `.env` file in the working directory for what the environment does not set. Only `.env`:
// were the build to read `.env.production` or `.env.local` too (as Vite does by itself), a value
// there would reach the privacy page and not the server, and the page would state a retention
// period the server does not apply.

export type Settings = Record<string, string | undefined>;

/** The environment's values, then `.env`'s (in `dir`) for names the environment lacks. */
export function readSettings(env: Settings = process.env, dir = process.cwd()): Settings {
  const file = join(dir, ".env");
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  return { ...fromFile, ...env };
}
