// `npm test`: type check, lint, unit and component tests, a production build, then browser
// tests against that build. Ends with one plain "N passed, N failed" line for CI summaries.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { chromiumPath, firefoxPath, webkitDriverPath } from "../tests/support/browsers.ts";

// Tests get their own build, with a stand-in bot-check site key so the browser tests can
// exercise the bot-check path; `npm start`'s build in build/ is left alone.
const testEnv = {
  ...process.env,
  BUILD_DIR: "build-test",
  VITE_RECAPTCHA_SITE_KEY: process.env.VITE_RECAPTCHA_SITE_KEY || "test-site-key",
  // Absolute URLs (canonical, share cards, structured data) need a site URL; tests read the
  // same value to check them.
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
  const result = spawnSync(command, args, { stdio: "inherit", env });
  return result.status === 0;
}

// Like CI on a fresh Debian machine: what the tests need comes from Debian's packages, installed
// with apt when we run as root, else a clear message saying what to install.
function installWithApt(what, debianPackage) {
  const isDebian = existsSync("/etc/debian_version");
  const isRoot = process.getuid?.() === 0;
  if (!(isDebian && isRoot)) {
    console.error(`${what} not found: install it (sudo apt-get install -y ${debianPackage}).`);
    return false;
  }
  return run(
    `Installing Debian's ${debianPackage}`,
    "sh",
    ["-c", `apt-get update -qq && apt-get install -y -qq ${debianPackage}`],
    { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  );
}

function ensureChromium() {
  if (existsSync(chromiumPath)) return true;
  const installed = installWithApt(`Chromium (CHROMIUM_PATH=${chromiumPath})`, "chromium");
  // A CHROMIUM_PATH elsewhere is not what apt installs: say so rather than fail later.
  if (installed && !existsSync(chromiumPath)) {
    console.error(`Chromium was installed, but not at ${chromiumPath}: check CHROMIUM_PATH.`);
  }
  return installed && existsSync(chromiumPath);
}

const onPath = (command) =>
  spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
// The WebKit smoke suite's browser is a Python GTK program (tests/support/webkit-host.py).
const hasWebKitBindings = () =>
  spawnSync(
    "/usr/bin/python3",
    ["-c", "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1')"],
    { stdio: "ignore" },
  ).status === 0;

// Firefox and WebKit for the engine smoke suite, and what drives them: each missing piece is a
// Debian package, installed together in one apt run.
function ensureOtherEngines() {
  const needs = [
    [() => existsSync(firefoxPath), `Firefox ESR (FIREFOX_PATH=${firefoxPath})`, "firefox-esr"],
    [() => existsSync(webkitDriverPath), "WebKitWebDriver", "webkit2gtk-driver"],
    [() => onPath("xvfb-run"), "xvfb-run", "xvfb"],
    [hasWebKitBindings, "WebKitGTK's Python bindings", "gir1.2-webkit2-4.1 python3-gi"],
    // The stand-in for off-site servers makes a throwaway certificate (tests/support/outside-world.ts).
    [() => onPath("openssl"), "openssl", "openssl"],
  ];
  const missing = needs.filter(([present]) => !present());
  if (missing.length === 0) return true;
  const installed = installWithApt(
    missing.map(([, what]) => what).join(", "),
    missing.map(([, , debianPackage]) => debianPackage).join(" "),
  );
  const still = needs.filter(([present]) => !present()).map(([, what]) => what);
  if (installed && still.length > 0) console.error(`Still missing after apt: ${still.join(", ")}.`);
  return installed && still.length === 0;
}

// Server tests start their own PostgreSQL from Debian's binaries (tests/support/postgres-server.ts).
const hasPostgres = () =>
  Boolean(process.env.POSTGRES_BIN_DIR) ||
  (existsSync("/usr/lib/postgresql") &&
    readdirSync("/usr/lib/postgresql").some((major) =>
      existsSync(`/usr/lib/postgresql/${major}/bin/initdb`),
    ));

function ensurePostgres() {
  return hasPostgres() || (installWithApt("PostgreSQL (initdb)", "postgresql") && hasPostgres());
}

function readCounts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return null;
  }
}

// Every step runs on the project's own Node (package.json's "node"), not the machine's.
console.log(`Node ${process.version} (${process.execPath})`);
rmSync("reports", { recursive: true, force: true });
const steps = [
  ["Type check", () => run("Type check", "npm", ["run", "-s", "typecheck"])],
  ["Lint", () => run("Lint and format check", "npm", ["run", "-s", "lint"])],
  ["PostgreSQL", () => ensurePostgres()],
  [
    "Unit tests",
    () =>
      run("Unit and component tests", "npx", [
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        "--outputFile.json=reports/unit.json",
      ]),
  ],
  ["Build", () => run("Production build", "npm", ["run", "-s", "build"])],
  // Installed only now, so the checks above run even where Chromium cannot be installed.
  ["Chromium", () => ensureChromium()],
  ["Firefox and WebKit", () => ensureOtherEngines()],
  ["Browser tests", () => run("Browser tests", "npx", ["playwright", "test"], browserTestEnv)],
  [
    "Edited content",
    () =>
      run(
        "Build and browser tests on edited content",
        "node",
        ["--import", "tsx", "scripts/test-edited-content.ts"],
        browserTestEnv,
      ),
  ],
];

const failedStep = steps.find(([, step]) => !step())?.[0];

const unit = readCounts("reports/unit.json", (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
}));
// Playwright's report, counted per project (browser engine): a spec's run in each engine is
// one test.
const byEngine = readCounts("reports/e2e.json", (report) => {
  const counts = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const { projectName, status } of spec.tests) {
        const count = counts.get(projectName) ?? { passed: 0, failed: 0 };
        if (status === "expected" || status === "flaky") count.passed++;
        if (status === "unexpected") count.failed++;
        counts.set(projectName, count);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return counts;
});
const e2e = byEngine && {
  passed: [...byEngine.values()].reduce((sum, count) => sum + count.passed, 0),
  failed: [...byEngine.values()].reduce((sum, count) => sum + count.failed, 0),
};
const passed = (unit?.passed ?? 0) + (e2e?.passed ?? 0);
let failed = (unit?.failed ?? 0) + (e2e?.failed ?? 0);
// A step that fails without failing a test (type check, lint, build) must still read as a failure.
if (failedStep && failed === 0) failed = 1;

console.log(`\nunit: ${unit ? `${unit.passed} passed, ${unit.failed} failed` : "not run"}`);
if (!byEngine) console.log("browser: not run");
for (const [engine, count] of byEngine ?? []) {
  console.log(`browser (${engine}): ${count.passed} passed, ${count.failed} failed`);
}
if (failedStep) console.log(`failed step: ${failedStep}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
