import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import { join, resolve } from "node:path";

const projectRoot = resolve(import.meta.dirname, "../..");

/** The real `astro build` into `buildDir` with these settings: its exit status and what it said. */
export function astroBuild(buildDir: string, env: Record<string, string>, timeout: number) {
  const result = spawnSync(
    process.execPath,
    [join(projectRoot, "node_modules/astro/bin/astro.mjs"), "build"],
    {
      cwd: projectRoot,
      env: { ...process.env, BUILD_DIR: buildDir, ...env },
      encoding: "utf8",
      timeout,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Copies the launch content to `to` with the fixtures' photos: the proof fixtures' case study
 * (its photos beside it) and the fixture valve (its drawing and its certificate beside it).
 */
export function writeContentWithPhotos(to: string): void {
  const fixtures = join(projectRoot, "app/content/fixtures");
  cpSync(join(projectRoot, "app/content"), to, { recursive: true });
  cpSync(join(fixtures, "proof/case-studies"), join(to, "case-studies"), { recursive: true });
  cpSync(join(fixtures, "remote-valve.yaml"), join(to, "products/remote-valve.yaml"));
  cpSync(join(fixtures, "photos"), join(to, "products/photos"), { recursive: true });
  cpSync(join(fixtures, "documents"), join(to, "documents"), { recursive: true });
}
