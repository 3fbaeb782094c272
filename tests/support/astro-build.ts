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

/** Copies the launch content to `to` with the proof fixtures' case study (its photos beside it). */
export function writeContentWithStudy(to: string): void {
  cpSync(join(projectRoot, "app/content"), to, { recursive: true });
  const studies = join(projectRoot, "app/content/fixtures/proof/case-studies");
  cpSync(studies, join(to, "case-studies"), { recursive: true });
}
