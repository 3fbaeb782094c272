// `npm test`: type check, lint, unit and component tests, a production build, then browser
// tests against `astro dev` (one quick spec), against that build, and against a build of edited
// content. Ends with one plain "N passed, N failed" line for CI summaries.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumPath, firefoxPath, webkitDriverPath } from "../tests/support/browsers.ts";
import { writeEditedContent } from "../tests/support/edited-content.ts";

// Tests get their own build, with a stand-in bot-check site key so the browser tests can
// exercise the bot-check path, and a site URL for the absolute URLs they check (canonical,
// share cards, structured data); `npm start`'s build in build/ is left alone.
const testEnv = {
  ...process.env,
  BUILD_DIR: "build-test",
  VITE_RECAPTCHA_SITE_KEY: process.env.VITE_RECAPTCHA_SITE_KEY || "test-site-key",
  VITE_SITE_URL: process.env.VITE_SITE_URL || "https://www.amanzi-meters.example",
  CHROMIUM_PATH: chromiumPath,
  FIREFOX_PATH: firefoxPath,
  WEBKIT_DRIVER_PATH: webkitDriverPath,
  NO_COLOR: "1",
};
// Playwright sets FORCE_COLOR=1 in its workers, and Node 24 warns in every process that has both
// it and NO_COLOR; FORCE_COLOR=0 keeps Playwright's own output plain instead.
const { NO_COLOR, ...browserTestEnv } = { ...testEnv, FORCE_COLOR: "0" };

function run(label, command, args, env = testEnv) {
  console.log(`\n▶ ${label}`);
  return spawnSync(command, args, { stdio: "inherit", env }).status === 0;
}

// Like CI on a fresh Debian machine: what the tests need comes from Debian's packages, installed
// with apt when we run as root, else a clear message saying what to install. Each entry: whether
// it is there, what it is, its package.
function ensure(needs) {
  const missing = needs.filter(([present]) => !present());
  if (missing.length === 0) return true;
  const what = missing.map(([, name]) => name).join(", ");
  const packages = missing.map(([, , debianPackage]) => debianPackage).join(" ");
  if (!existsSync("/etc/debian_version") || process.getuid?.() !== 0) {
    console.error(`${what} not found: install it (sudo apt-get install -y ${packages}).`);
    return false;
  }
  run(`Installing Debian's ${packages}`, "sh", [
    "-c",
    `export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq ${packages}`,
  ]);
  const still = needs.filter(([present]) => !present()).map(([, name]) => name);
  if (still.length > 0) console.error(`Still missing after apt: ${still.join(", ")}.`);
  return still.length === 0;
}

const onPath = (command) =>
  spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
// Server tests start their own PostgreSQL from Debian's binaries (tests/support/postgres-server.ts).
const hasPostgres = () =>
  Boolean(process.env.POSTGRES_BIN_DIR) ||
  (existsSync("/usr/lib/postgresql") &&
    readdirSync("/usr/lib/postgresql").some((major) =>
      existsSync(`/usr/lib/postgresql/${major}/bin/initdb`),
    ));
// The WebKit smoke suite's browser is a Python GTK program (tests/support/webkit-host.py).
const hasWebKitBindings = () =>
  spawnSync(
    "/usr/bin/python3",
    ["-c", "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1')"],
    { stdio: "ignore" },
  ).status === 0;
const otherEngines = [
  [() => existsSync(firefoxPath), `Firefox ESR (FIREFOX_PATH=${firefoxPath})`, "firefox-esr"],
  [() => existsSync(webkitDriverPath), "WebKitWebDriver", "webkit2gtk-driver"],
  [() => onPath("xvfb-run"), "xvfb-run", "xvfb"],
  [hasWebKitBindings, "WebKitGTK's Python bindings", "gir1.2-webkit2-4.1 python3-gi"],
  // The stand-in for off-site servers makes a throwaway certificate (tests/support/outside-world.ts).
  [() => onPath("openssl"), "openssl", "openssl"],
];

// The site built from content as an editor might change it (tests/support/edited-content.ts),
// with the suites that follow the words run on it in Chromium. They read the same edited copy
// (CONTENT_DIR), so a pass means every edit built and shows on its page in the site's font with
// its placeholders filled, breaking no layout; the rewritten page's file keeps none of its words
// (writeEditedContent throws if it does). The other suites' checks do not depend on words.
function editedContent() {
  const contentDir = mkdtempSync(join(tmpdir(), "edited-content-"));
  writeEditedContent(join(import.meta.dirname, "../app/content"), contentDir);
  const env = { ...browserTestEnv, CONTENT_DIR: contentDir, BUILD_DIR: "build-edited" };
  try {
    return (
      run("Build from edited content", "npm", ["run", "-s", "build"], env) &&
      // The line reporter only: the main browser run's JSON report is npm test's summary.
      run(
        "Browser tests on edited content",
        "npx",
        [
          "playwright",
          "test",
          "tests/e2e/pages.spec.ts",
          "tests/e2e/shell.spec.ts",
          "tests/e2e/head-tags.spec.ts",
          "--project=chromium",
          "--reporter=line",
        ],
        env,
      )
    );
  } finally {
    rmSync(contentDir, { recursive: true, force: true });
    rmSync("build-edited", { recursive: true, force: true });
  }
}

// Every step runs on the project's own Node (package.json's "node"), not the machine's.
console.log(`Node ${process.version} (${process.execPath})`);
rmSync("reports", { recursive: true, force: true });
// Each step: its name, then a command and its arguments, or what to call.
const steps = [
  ["Type check", "npm", ["run", "-s", "typecheck"]],
  ["Lint and format check", "npm", ["run", "-s", "lint"]],
  ["PostgreSQL", () => ensure([[hasPostgres, "PostgreSQL (initdb)", "postgresql"]])],
  [
    "Unit and component tests",
    "npx",
    [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=reports/unit.json",
    ],
  ],
  ["Production build", "npm", ["run", "-s", "build"]],
  // Installed only now, so the checks above run even where Chromium cannot be installed.
  [
    "Chromium",
    () =>
      ensure([
        [() => existsSync(chromiumPath), `Chromium (CHROMIUM_PATH=${chromiumPath})`, "chromium"],
      ]),
  ],
  [
    "Browser test against npm run dev",
    "npx",
    ["playwright", "test", "--config", "tests/dev/playwright.config.ts"],
    browserTestEnv,
  ],
  ["Firefox and WebKit", () => ensure(otherEngines)],
  ["Browser tests", "npx", ["playwright", "test"], browserTestEnv],
  ["Edited content", editedContent],
];
const failedStep = steps.find(([name, command, args, env]) =>
  typeof command === "function" ? !command() : !run(name, command, args, env),
)?.[0];

const readReport = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
};
// Counts per runner: vitest's, then Playwright's per project (browser engine), where a spec's
// run in each engine is one test.
const counts = new Map();
const count = (name, passed, failed) => {
  const total = counts.get(name) ?? { passed: 0, failed: 0 };
  counts.set(name, { passed: total.passed + passed, failed: total.failed + failed });
};
const unit = readReport("reports/unit.json");
if (unit) count("unit", unit.numPassedTests, unit.numFailedTests);
const visit = (suite) => {
  for (const spec of suite.specs ?? [])
    for (const { projectName, status } of spec.tests)
      count(
        `browser (${projectName})`,
        Number(status === "expected" || status === "flaky"),
        Number(status === "unexpected"),
      );
  for (const child of suite.suites ?? []) visit(child);
};
for (const file of ["reports/e2e-dev.json", "reports/e2e.json"])
  readReport(file)?.suites.forEach(visit);

let [passed, failed] = [0, 0];
for (const [name, total] of counts) {
  console.log(`${name}: ${total.passed} passed, ${total.failed} failed`);
  passed += total.passed;
  failed += total.failed;
}
if (failedStep) console.log(`failed step: ${failedStep}`);
// A step that fails without failing a test (type check, lint, build) must still read as a failure.
console.log(`${passed} passed, ${failedStep && failed === 0 ? 1 : failed} failed`);
process.exit(failedStep ? 1 : 0);
