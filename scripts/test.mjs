// `npm test`: type check, lint, unit and component tests, a production build, then browser
// tests against that build. Ends with one plain "N passed, N failed" line for CI summaries.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { chromiumPath } from "../tests/support/chromium.ts";

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
  NO_COLOR: "1",
  FORCE_COLOR: "0",
};

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
  ["Browser tests", () => run("Browser tests", "npx", ["playwright", "test"])],
];

const failedStep = steps.find(([, step]) => !step())?.[0];

const unit = readCounts("reports/unit.json", (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
}));
const e2e = readCounts("reports/e2e.json", (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
}));
const passed = (unit?.passed ?? 0) + (e2e?.passed ?? 0);
let failed = (unit?.failed ?? 0) + (e2e?.failed ?? 0);
// A step that fails without failing a test (type check, lint, build) must still read as a failure.
if (failedStep && failed === 0) failed = 1;

console.log(`\nunit: ${unit ? `${unit.passed} passed, ${unit.failed} failed` : "not run"}`);
console.log(`browser: ${e2e ? `${e2e.passed} passed, ${e2e.failed} failed` : "not run"}`);
if (failedStep) console.log(`failed step: ${failedStep}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
