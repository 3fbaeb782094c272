// Part of `npm test`: the site built from content as an editor might change it
// (tests/support/edited-content.ts: one page's file rewritten in every word it shows, and edits
// of other kinds elsewhere), with the content-driven browser suites run on it in Chromium. They
// read the same edited copy (CONTENT_DIR), so a pass means every edit built and shows on its
// page, in the site's font on a first view, with its placeholders filled, and breaks no layout.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentFileOf, pageList } from "../app/content/page-list.ts";
import { siteRootOf } from "../contract/site-build.ts";
import { rewrittenFile, writeEditedContent } from "../tests/support/edited-content.ts";

// The suites whose checks follow the content: every page's words, headings, font, pictures,
// layout and accessibility; the shared header, menu and footer; each page's head tags.
const suites = [
  "tests/e2e/pages.spec.ts",
  "tests/e2e/shell.spec.ts",
  "tests/e2e/head-tags.spec.ts",
];

const contentDir = mkdtempSync(join(tmpdir(), "edited-content-"));
const buildDir = "build-edited";
const replaced = writeEditedContent(join(import.meta.dirname, "..", "app", "content"), contentDir);
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

/** The rewritten page as built: none of its file's former words may be left anywhere in it. */
function oldWordsLeft(): string[] {
  const page = pageList.find((entry) => contentFileOf(entry) === rewrittenFile);
  if (!page) return [`no page of the list reads ${rewrittenFile}`];
  const file = join(siteRootOf(buildDir), page.path, "index.html");
  const html = readFileSync(file, "utf8")
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) =>
      entity === "&amp;"
        ? "&"
        : entity === "&lt;"
          ? "<"
          : entity === "&gt;"
            ? ">"
            : entity === "&quot;"
              ? '"'
              : "'",
    )
    .replace(/\s+/g, " ");
  const left = replaced.filter((text) => html.includes(text.replace(/\s+/g, " ")));
  console.log(
    `${page.path}: ${replaced.length} strings of ${rewrittenFile} rewritten; ${left.length} of the old ones left on the built page`,
  );
  return left;
}

const passed =
  run("Build from edited content", "npm", ["run", "-s", "build"]) &&
  oldWordsLeft().length === 0 &&
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
