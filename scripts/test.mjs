// `npm test`: type check, lint, unit and component tests, a production build, then browser
// tests against `astro dev` (one quick spec), against that build, and against a build of edited
// content. Ends with each step's seconds, then one plain "N passed, N failed" line for CI
// summaries.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumPath, firefoxPath, webkitDriverPath } from "../tests/support/browsers.ts";
import { writeEditedContent } from "../tests/support/edited-content.ts";
import { postgresBinDir } from "../tests/support/postgres-server.ts";

// Tests get their own build, with a stand-in bot-check site key so the browser tests can
// exercise the bot-check path, a site URL for the absolute URLs they check (canonical,
// share cards, structured data) and a support address for the email routes they follow (without
// one the site offers none: app/build-refuses.test.ts); `npm start`'s build in build/ is left
// alone.
const testEnv = {
  ...process.env,
  BUILD_DIR: "build-test",
  VITE_RECAPTCHA_SITE_KEY: process.env.VITE_RECAPTCHA_SITE_KEY || "test-site-key",
  VITE_SITE_URL: process.env.VITE_SITE_URL || "https://www.amanzi-meters.example",
  VITE_SUPPORT_EMAIL: process.env.VITE_SUPPORT_EMAIL || "support@amanzi-meters.example",
  CHROMIUM_PATH: chromiumPath,
  FIREFOX_PATH: firefoxPath,
  WEBKIT_DRIVER_PATH: webkitDriverPath,
  NO_COLOR: "1",
};
// Playwright sets FORCE_COLOR=1 in its workers, and Node 24 warns in every process that has both
// it and NO_COLOR; FORCE_COLOR=0 keeps Playwright's own output plain instead.
const { NO_COLOR, ...browserTestEnv } = { ...testEnv, FORCE_COLOR: "0" };

/** Each command's label and its seconds, for the summary: where CI's time goes. */
const timings = [];

/** Runs a command line (words split at spaces) and says whether it succeeded. */
function run(label, commandLine, moreEnv = {}) {
  console.log(`\n▶ ${label}`);
  const [command, ...args] = commandLine.split(" ");
  const env = commandLine.startsWith("npx playwright") ? browserTestEnv : testEnv;
  const started = performance.now();
  const { status } = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...moreEnv } });
  timings.push([label, Math.round((performance.now() - started) / 1000)]);
  return status === 0;
}

// Like CI on a fresh Debian machine: what the tests need comes from Debian's packages, installed
// with apt when we run as root, else a clear message saying what to install. `packages` maps
// each package to whether it is there.
function ensure(packages) {
  const missing = () => Object.keys(packages).filter((name) => !packages[name]());
  const names = missing().join(" ");
  if (!names) return true;
  if (!existsSync("/etc/debian_version") || process.getuid?.() !== 0) {
    console.error(`Not found: ${names}. Install: sudo apt-get install -y ${names}`);
    console.error("(Browsers elsewhere: set CHROMIUM_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH.)");
    return false;
  }
  console.log(`\n▶ Installing Debian's ${names}`);
  const apt = { stdio: "inherit", env: { ...testEnv, DEBIAN_FRONTEND: "noninteractive" } };
  spawnSync("apt-get", ["update", "-qq"], apt);
  spawnSync("apt-get", ["install", "-y", "-qq", ...names.split(" ")], apt);
  const still = missing().join(", ");
  if (still) console.error(`Still missing after apt: ${still}.`);
  return !still;
}

const onPath = (command) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
// The WebKit smoke suite's browser is a Python GTK program (tests/support/webkit-host.py).
const gtkWebKit =
  "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1')";
const otherEngines = {
  "firefox-esr": () => existsSync(firefoxPath),
  "webkit2gtk-driver": () => existsSync(webkitDriverPath),
  xvfb: () => onPath("xvfb-run"),
  "gir1.2-webkit2-4.1 python3-gi": () =>
    spawnSync("/usr/bin/python3", ["-c", gtkWebKit]).status === 0,
  // The stand-in for off-site servers makes a throwaway certificate (tests/support/outside-world.ts).
  openssl: () => onPath("openssl"),
};

// The site built from content as an editor might change it (tests/support/edited-content.ts),
// with the suites that follow the words run on it in Chromium. They read the same edited copy
// (CONTENT_DIR), so a pass means every edit built and shows on its page in the site's font with
// its placeholders filled, breaking no layout; the rewritten page's file keeps none of its words
// (writeEditedContent throws if it does); and the case study and contact details launch content
// leaves out show where they belong (proof). The other suites' checks do not depend on words.
function editedContent() {
  const contentDir = mkdtempSync(join(tmpdir(), "edited-content-"));
  writeEditedContent(join(import.meta.dirname, "../app/content"), contentDir);
  const env = { CONTENT_DIR: contentDir, BUILD_DIR: "build-edited" };
  const suites = ["pages", "shell", "head-tags", "proof"].map(
    (suite) => `tests/e2e/${suite}.spec.ts`,
  );
  try {
    return (
      run("Build from edited content", "npm run -s build", env) &&
      // The line reporter only: the main browser run's JSON report is npm test's summary.
      run(
        "Browser tests on edited content",
        `npx playwright test ${suites.join(" ")} --project=chromium --reporter=line`,
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
// Each step: its name, then a command line or what to call.
const steps = [
  ["Type check", "npm run -s typecheck"],
  ["Lint and format check", "npm run -s lint"],
  // Server tests start their own PostgreSQL and nginx from Debian's binaries; datasheet tests
  // read PDFs back with poppler's pdftotext.
  [
    "PostgreSQL, nginx and poppler",
    () =>
      ensure({
        postgresql: () => postgresBinDir() !== undefined,
        nginx: () => onPath("nginx"),
        "poppler-utils": () => onPath("pdftotext"),
      }),
  ],
  [
    "Unit and component tests",
    "npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json",
  ],
  ["Production build", "npm run -s build"],
  // Installed only now, so the checks above run even where Chromium cannot be installed.
  ["Chromium", () => ensure({ chromium: () => existsSync(chromiumPath) })],
  ["Browser test against npm run dev", "npx playwright test -c tests/dev/playwright.config.ts"],
  ["Firefox and WebKit", () => ensure(otherEngines)],
  ["Browser tests", "npx playwright test"],
  ["Edited content", editedContent],
];
const failedStep = steps.find(([name, command]) =>
  typeof command === "function" ? !command() : !run(name, command),
)?.[0];

// Counts per runner: vitest's, then Playwright's per project (browser engine), where a spec's
// run in each engine is one test.
const report = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {});
const unit = report("reports/unit.json");
const counts = unit.numTotalTests >= 0 ? [["unit", unit.numPassedTests, unit.numFailedTests]] : [];
const specsOf = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
const browserTests = ["reports/e2e-dev.json", "reports/e2e.json"]
  .flatMap((file) => specsOf(report(file)))
  .flatMap((spec) => spec.tests);
for (const [project, tests] of Object.entries(Object.groupBy(browserTests, (t) => t.projectName))) {
  const withStatus = (...statuses) => tests.filter((test) => statuses.includes(test.status)).length;
  counts.push([`browser (${project})`, withStatus("expected", "flaky"), withStatus("unexpected")]);
}
for (const [label, seconds] of timings) console.log(`${label}: ${seconds} s`);
let [passed, failed] = [0, 0];
for (const [name, runnerPassed, runnerFailed] of counts) {
  console.log(`${name}: ${runnerPassed} passed, ${runnerFailed} failed`);
  passed += runnerPassed;
  failed += runnerFailed;
}
if (failedStep) console.log(`failed step: ${failedStep}`);
// A step that fails without failing a test (type check, lint, build) must still read as a failure.
console.log(`${passed} passed, ${failedStep && failed === 0 ? 1 : failed} failed`);
process.exit(failedStep ? 1 : 0);
