// Part of `npm test`: the site built from content as an editor might change it
// (tests/support/edited-content.ts), with the content-driven browser suites run on it in
// Chromium. They read the same edited copy (CONTENT_DIR), so a pass means every edit built,
// shows on its page in the site's font with its placeholders filled, and breaks no layout.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeEditedContent } from "../tests/support/edited-content.ts";

// The suites whose checks follow the content; the contact form's and the service's do not
// depend on the copy beyond what these cover.
const suites = ["tests/e2e/pages.spec.ts", "tests/e2e/head-tags.spec.ts"];

const contentDir = mkdtempSync(join(tmpdir(), "edited-content-"));
const buildDir = "build-edited";
writeEditedContent(join(import.meta.dirname, "..", "app", "content"), contentDir);
const env = { ...process.env, CONTENT_DIR: contentDir, BUILD_DIR: buildDir };

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const ok = spawnSync(command, args, { stdio: "inherit", env }).status === 0;
  console.log(
    `${label}: ${ok ? "passed" : "failed"} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return ok;
}

const passed =
  run("Build from edited content", "npm", ["run", "-s", "build"]) &&
  // The line reporter only: the main browser run's JSON report is npm test's summary.
  run("Browser tests on edited content", "npx", [
    "playwright",
    "test",
    ...suites,
    "--project=chromium",
    "--reporter=line",
  ]);
rmSync(contentDir, { recursive: true, force: true });
rmSync(buildDir, { recursive: true, force: true });
process.exit(passed ? 0 : 1);
