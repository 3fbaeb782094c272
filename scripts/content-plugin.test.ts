import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const projectRoot = resolve(import.meta.dirname, "..");

describe("the real build, from a copy of the content with a broken file", () => {
  let dir: string;
  let buildDir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "content-"));
    cpSync(join(projectRoot, "app/content"), dir, {
      recursive: true,
      filter: (path) => !/\.tsx?$/.test(path),
    });
    const home = join(dir, "home.yaml");
    // The third feature row loses its heading.
    const yaml = readFileSync(home, "utf8");
    const broken = yaml.replace("    heading: Consumption reports that learn your patterns\n", "");
    expect(broken).not.toBe(yaml);
    writeFileSync(home, broken);
    buildDir = join(projectRoot, `build-${basename(dir)}`);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  });

  it("fails, naming the file and the field, before it writes anything", async () => {
    const run = promisify(execFile)("npx", ["react-router", "build"], {
      cwd: projectRoot,
      env: { ...process.env, CONTENT_DIR: dir, BUILD_DIR: buildDir, NO_COLOR: "1" },
      timeout: 120_000,
    });
    const failure = await run.then(
      () => undefined,
      (error: { code?: number; stderr?: string; stdout?: string }) => error,
    );
    expect(failure?.code).not.toBe(0);
    expect(`${failure?.stderr}${failure?.stdout}`).toMatch(
      /home\.yaml: features\[2\]\.heading: required/,
    );
    expect(existsSync(join(buildDir, "client", "index.html"))).toBe(false);
  }, 120_000);
});
