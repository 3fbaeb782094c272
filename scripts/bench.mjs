// Performance benchmark: builds the site, serves it with our own server on a free loopback
// port beside a bare reference page (one heading, one paragraph: scripts/bench/reference-page.ts),
// and runs Lighthouse (mobile, the default throttled profile) five times per route against
// Debian's Chromium, in rounds that take the reference and every route in turn, so a busy
// moment of the machine falls on all of them alike. Prints the median scores, timings and
// weights; each page's TBT, FCP and style-and-layout time beside the reference's; where each
// page's main thread went (from the runs' traces); how soon the contact form's island is ready
// once used; then every target missed (decisions 0008, 0011 and 0023), and exits non-zero if it
// missed any. Figures vary by a few points between machines and with load, which is why they
// live here and not in tests. All routes take about 12 minutes on a 2-core machine.
//
//   npm run bench                             all routes
//   npm run bench -- / /contact
//   npm run bench -- --no-build               reuse the last bench build (build-bench/)
//   npm run bench -- --readiness-only         the contact form's readiness table alone
//
// Runs under tsx (see package.json) to share the test suite's server starter.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { pageList } from "../app/content/page-list.ts";
import { siteRootOf } from "../contract/site-build.ts";
import { chromiumArgs, chromiumPath } from "../tests/support/browsers.ts";
import { HYDRATED_PATHS } from "../tests/support/page-ready.ts";
import { spawnServer } from "../tests/support/server-process.ts";
import { breakdownParts, mainThreadBreakdown } from "./bench/main-thread-breakdown.ts";
import { serveReferencePage } from "./bench/reference-page.ts";

const args = process.argv.slice(2);
// Skips Lighthouse: the island's readiness table alone, for iterating on the contact form.
const READINESS_ONLY = args.includes("--readiness-only");
const NO_BUILD = args.includes("--no-build");
const routeArgs = args.filter((arg) => !arg.startsWith("--"));
const ROUTES = routeArgs.length ? routeArgs : pageList.map((page) => page.path);
// Five, not three: the reference's own TBT swings by 100 ms between runs on a busy machine.
const RUNS = 5;
// The margins over the reference page (issue 26, decision 0023).
const OVER_REFERENCE = { tbt: 50, fcp: 100 };
const REFERENCE = "reference";
const READINESS_RUNS = 3;
const BUILD_DIR = "build-bench";
const chromeFlags = ["--headless=new", ...chromiumArgs].join(" ");

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const KiB = 1024;
const client = siteRootOf(BUILD_DIR);

/** What a file costs a browser that accepts brotli: its .br sibling where the build wrote one. */
const brotliSize = (file) => statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;

/** Brotli bytes of the site's own scripts a Lighthouse run saw the page request. */
function scriptBrotliBytes(report) {
  const requests = report.audits["network-requests"].details.items;
  let bytes = 0;
  for (const { url, resourceType } of requests) {
    if (resourceType !== "Script") continue;
    const { pathname } = new URL(url);
    const file = join(client, pathname);
    if (!pathname.startsWith("/assets/") || !existsSync(file)) continue;
    bytes += brotliSize(file);
  }
  return bytes;
}

/**
 * Brotli bytes of the JavaScript the page's island loads: every module its HTML names. The
 * contact page fetches its island's module when the form nears the screen and runs it on first
 * use (app/features/contact/island-loader.ts).
 */
function appScriptBrotliBytes(route) {
  const html = readFileSync(join(client, route === "/" ? "" : route, "index.html"), "utf8");
  const modules = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? []);
  let bytes = 0;
  for (const pathname of modules) {
    const file = join(client, pathname);
    bytes += brotliSize(file);
  }
  return bytes;
}

/** The targets, checked on the medians of one route. Returns what was missed. */
function missedTargets(route, row, startsApp, reference) {
  const missed = [];
  const check = (ok, what) => {
    if (!ok) missed.push(`${route}: ${what}`);
  };
  if (reference) {
    const tbtLimit = reference.tbt + OVER_REFERENCE.tbt;
    const fcpLimit = reference.fcp + OVER_REFERENCE.fcp;
    check(
      row["TBT ms"] <= tbtLimit,
      `TBT ${row["TBT ms"]} ms > the reference's + 50 = ${tbtLimit} ms`,
    );
    check(
      row["FCP ms"] <= fcpLimit,
      `FCP ${row["FCP ms"]} ms > the reference's + 100 = ${fcpLimit} ms`,
    );
  }
  check(row.perf === 100, `performance ${row.perf} < 100`);
  check(row.a11y === 100, `accessibility ${row.a11y} < 100`);
  check(row.bp === 100, `best practices ${row.bp} < 100`);
  check(row.seo === 100, `SEO ${row.seo} < 100`);
  check(Number(row.CLS) === 0, `CLS ${row.CLS} > 0`);
  if (startsApp) {
    check(row["FCP ms"] <= 900, `FCP ${row["FCP ms"]} ms > 900 ms`);
    check(row["LCP ms"] <= 1300, `LCP ${row["LCP ms"]} ms > 1300 ms`);
    check(row["TBT ms"] <= 50, `TBT ${row["TBT ms"]} ms > 50 ms`);
    // The island's module may be prefetched after load (the form is near the screen), never more.
    check(
      Number(row["JS br KiB"]) <= Number(row["app JS br KiB"]),
      `${row["JS br KiB"]} KiB of JavaScript loaded unasked, more than the island's module`,
    );
  } else {
    check(row["FCP ms"] <= 800, `FCP ${row["FCP ms"]} ms > 800 ms`);
    check(row["LCP ms"] <= 1200, `LCP ${row["LCP ms"]} ms > 1200 ms`);
    check(Number(row["app JS br KiB"]) === 0, `an app of ${row["app JS br KiB"]} KiB, not none`);
    check(Number(row["JS br KiB"]) === 0, `${row["JS br KiB"]} KiB of JavaScript loaded unasked`);
  }
  if (route === "/")
    check(Number(row["total KiB"]) <= 75, `${row["total KiB"]} KiB > 75 KiB in all`);
  return missed;
}

// The island's readiness targets (decision 0011), on the throttled profile below.
const READINESS_TARGETS = { "form in view, then used": 500, "used straight after load": 1000 };
const ISLAND_BUDGET_KIB = 85;

/**
 * How soon the contact form's island is ready once the visitor first uses the form, which
 * Lighthouse never does: Chromium with Lighthouse's mobile throttling applied for real (150 ms
 * round trips, 1.6 Mbit/s, CPU 4x slower). Two visitors: one who has had the form on screen for
 * a few seconds (its module prefetched) and one who taps it straight after the page loads.
 * Reports the time from the first touch until the island runs (its loader marks the container
 * ready), the main thread's blocking time from then (the part of each long task over 50 ms, as
 * TBT counts it) and the bytes fetched from then.
 */
async function measureReadiness(url, scenario) {
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    // The bench talks to loopback only; the bot check (if this build has a key) is refused.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1638.4 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      window.benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.benchLongTasks.push(entry);
      }).observe({ type: "longtask" });
      addEventListener("pointerdown", () => (window.benchFirstUse ??= performance.now()), true);
      // Stamped the moment the loader marks the island running, not when a poll notices.
      new MutationObserver(() => {
        if (document.querySelector('[data-island-state="ready"]')) {
          window.benchReadyAt ??= performance.now();
        }
      }).observe(document, { subtree: true, attributeFilter: ["data-island-state"] });
    });
    await page.goto(url, { waitUntil: "load" });
    const field = page.locator("form input").first();
    if (scenario === "form in view, then used") {
      await field.scrollIntoViewIfNeeded();
      await page.waitForTimeout(3000);
    }
    const resources = await page.evaluate(() => performance.getEntriesByType("resource").length);
    await field.click();
    await page.waitForFunction(() => window.benchReadyAt !== undefined, undefined, {
      timeout: 60_000,
    });
    // Whatever the start left running (effects, the bot check's request) settles first.
    await page.waitForTimeout(1000);
    return await page.evaluate((resources) => {
      const at = window.benchFirstUse;
      const blocking = window.benchLongTasks
        .filter((task) => task.startTime >= at)
        .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
      const fetched = performance
        .getEntriesByType("resource")
        .slice(resources)
        .reduce((sum, entry) => sum + entry.transferSize, 0);
      return { readyMs: window.benchReadyAt - at, blockingMs: blocking, fetchedBytes: fetched };
    }, resources);
  } finally {
    await browser.close();
  }
}

if (!NO_BUILD || !existsSync(client)) {
  const build = spawnSync("npm", ["run", "-s", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (build.status !== 0) process.exit(1);
}

const server = await spawnServer({
  SITE_ROOT: client,
  DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "bench-")), "enquiries.db")}`,
});
const origin = server.baseUrl;
const reference = await serveReferencePage();
const urlOf = (target) => (target === REFERENCE ? `${reference.origin}/` : `${origin}${target}`);

/** One Lighthouse run: its report and where its main thread went, or why it failed. */
async function runLighthouse(url) {
  const dir = mkdtempSync(join(tmpdir(), "lh-"));
  const out = join(dir, "report.json");
  try {
    await promisify(execFile)(
      "node_modules/.bin/lighthouse",
      [
        url,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        // The trace, for the breakdown; written beside the report as report-0.trace.json.
        "--save-assets",
        `--chrome-flags=${chromeFlags}`,
        "--only-categories=performance,accessibility,best-practices,seo",
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 120_000 },
    );
    const report = JSON.parse(readFileSync(out, "utf8"));
    const { cpuSlowdownMultiplier } = report.configSettings.throttling;
    const breakdown = mainThreadBreakdown(join(dir, "report-0.trace.json"), cpuSlowdownMultiplier);
    return { report, breakdown };
  } catch (error) {
    return {
      error: String(error.stderr || error.message)
        .trim()
        .split("\n")
        .at(-1),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures the tables take from one Lighthouse run. */
function measuredRun(report, breakdown) {
  const score = (id) => Math.round(report.categories[id].score * 100);
  const audit = (id) => report.audits[id].numericValue;
  const mainThread = report.audits["mainthread-work-breakdown"].details.items;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    styleLayout: mainThread.find((item) => item.group === "styleLayout")?.duration ?? 0,
    totalBytes: audit("total-byte-weight"),
    requests: report.audits["network-requests"].details.items.length,
    scriptBytes: scriptBrotliBytes(report),
    breakdown,
  };
}

const rows = [];
const appStarts = [];
const failedRoutes = [];
const runsOf = new Map();
const breakdownRows = [];
const pageMedians = new Map();
let referenceMedians;
try {
  // Not measured: the first Chromium start after a build reads its files from a cold disk, and
  // its page-load tasks then ran long enough to cost the first route its TBT.
  if (!READINESS_ONLY) await runLighthouse(urlOf(ROUTES[0]));
  const targets = READINESS_ONLY ? [] : [REFERENCE, ...ROUTES];
  for (const target of targets) runsOf.set(target, []);
  for (let round = 0; round < RUNS; round++) {
    for (const target of targets) {
      const runs = runsOf.get(target);
      // A failed run (Chromium timed out or lost its trace on a busy machine) is run again once,
      // so the median is of RUNS runs and not the worse of two.
      for (let attempt = 0; attempt < 2 && runs.length <= round; attempt++) {
        const { report, breakdown, error } = await runLighthouse(urlOf(target));
        if (error) {
          console.error(`lighthouse round ${round + 1} on ${target} failed: ${error}`);
          continue;
        }
        runs.push(measuredRun(report, breakdown));
      }
    }
  }
  for (const target of targets) {
    const runs = runsOf.get(target);
    if (runs.length === 0) {
      failedRoutes.push(target);
      continue;
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    breakdownRows.push({
      route: target,
      ...Object.fromEntries(
        breakdownParts.map((part) => [
          part,
          Math.round(median(runs.map((run) => run.breakdown[part]))),
        ]),
      ),
    });
    if (target === REFERENCE) {
      referenceMedians = { tbt: pick("tbt"), fcp: pick("fcp"), styleLayout: pick("styleLayout") };
      continue;
    }
    const route = target;
    pageMedians.set(route, {
      tbt: pick("tbt"),
      fcp: pick("fcp"),
      styleLayout: pick("styleLayout"),
    });
    rows.push({
      route,
      perf: pick("performance"),
      a11y: pick("accessibility"),
      bp: pick("bestPractices"),
      seo: pick("seo"),
      "FCP ms": Math.round(pick("fcp")),
      "LCP ms": Math.round(pick("lcp")),
      "TBT ms": Math.round(pick("tbt")),
      CLS: pick("cls").toFixed(3),
      "total KiB": (pick("totalBytes") / KiB).toFixed(1),
      "JS br KiB": (pick("scriptBytes") / KiB).toFixed(1),
      "app JS br KiB": (appScriptBrotliBytes(route) / KiB).toFixed(1),
      requests: pick("requests"),
    });
  }
  for (const route of ROUTES.filter((route) => HYDRATED_PATHS.includes(route))) {
    for (const [scenario, target] of Object.entries(READINESS_TARGETS)) {
      const runs = [];
      for (let i = 0; i < READINESS_RUNS; i++)
        runs.push(await measureReadiness(`${origin}${route}`, scenario));
      const pick = (key) => median(runs.map((run) => run[key]));
      appStarts.push({
        route,
        scenario,
        "ready after ms": Math.round(pick("readyMs")),
        "target ms": target,
        "blocking ms": Math.round(pick("blockingMs")),
        "fetched after use KiB": (pick("fetchedBytes") / KiB).toFixed(1),
      });
    }
  }
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  await reference.close();
}

if (!READINESS_ONLY) {
  console.log(`\nLighthouse ${RUNS} runs per route (median), mobile profile, ${chromiumPath}`);
  console.table(rows);
  if (referenceMedians) {
    const ms = Math.round;
    console.log(
      `\nEach page beside the bare reference page (medians of the same rounds; targets: TBT at most the reference's + ${OVER_REFERENCE.tbt} ms, FCP at most its + ${OVER_REFERENCE.fcp} ms)`,
    );
    console.table(
      [...pageMedians].map(([route, page]) => ({
        route,
        "TBT ms": ms(page.tbt),
        "ref TBT": ms(referenceMedians.tbt),
        "FCP ms": ms(page.fcp),
        "ref FCP": ms(referenceMedians.fcp),
        "style+layout ms": ms(page.styleLayout),
        "ref style+layout": ms(referenceMedians.styleLayout),
      })),
    );
  }
  console.log(
    "\nWhere the main thread went (ms, medians, CPU time scaled 4x as Lighthouse scales it; scripts/bench/main-thread-breakdown.ts)",
  );
  console.table(breakdownRows);
}
const islandRoutes = ROUTES.filter((route) => HYDRATED_PATHS.includes(route));
const islandKiB = Object.fromEntries(
  islandRoutes.map((route) => [route, (appScriptBrotliBytes(route) / KiB).toFixed(1)]),
);
if (appStarts.length > 0) {
  console.log(
    `\nThe contact form's island, ready after first use (${READINESS_RUNS} runs, median; 150 ms RTT, 1.6 Mbit/s, CPU 4x)`,
  );
  console.table(appStarts);
  for (const route of islandRoutes) {
    console.log(
      `${route}: island JavaScript ${islandKiB[route]} KiB brotli (target ${ISLAND_BUDGET_KIB} KiB)`,
    );
  }
}
const missed = [
  ...failedRoutes.map((route) => `${route}: no Lighthouse run finished`),
  ...rows.flatMap((row) =>
    missedTargets(row.route, row, HYDRATED_PATHS.includes(row.route), referenceMedians),
  ),
  ...appStarts
    .filter((start) => start["ready after ms"] > start["target ms"])
    .map(
      (start) =>
        `${start.route}: ${start.scenario}, ready after ${start["ready after ms"]} ms > ${start["target ms"]} ms`,
    ),
  ...islandRoutes
    .filter((route) => Number(islandKiB[route]) > ISLAND_BUDGET_KIB)
    .map(
      (route) =>
        `${route}: island JavaScript ${islandKiB[route]} KiB > ${ISLAND_BUDGET_KIB} KiB brotli`,
    ),
];
if (missed.length > 0) {
  console.log(`\nTargets missed (${missed.length}):\n  ${missed.join("\n  ")}`);
  process.exit(1);
}
console.log("\nEvery target met.");
