// `npm run bench` (decisions 0008, 0011, 0023, 0056): Lighthouse's mobile profile in Debian's
// Chromium, five runs per page, in rounds over a bare reference page and every page so that a busy
// moment of the machine falls on all alike; each page's JavaScript; the island's readiness after
// first use. Prints the medians (style and layout against their targets), then every target
// missed (exit 1). Arguments: the routes to measure (all by default), --no-build (reuse
// build-bench/), --readiness-only (the island's tables alone).
import { execFile, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
// The groups Lighthouse's mainthread-work-breakdown sums tasks in.
import { taskGroups } from "lighthouse/core/lib/tracehouse/task-groups.js";
import { pageList } from "../app/content/page-list.ts";
import { siteProducts } from "../app/content/site-content.ts";
import { siteRootOf } from "../contract/site-build.ts";
import { chromiumArgs, chromiumPath } from "../tests/support/browsers.ts";
import {
  fixtureDocuments,
  fixtureProduct,
  proofFixtures,
} from "../tests/support/edited-content.ts";
import { spawnServer } from "../tests/support/server-process.ts";

const args = process.argv.slice(2);
const readinessOnly = args.includes("--readiness-only");
const routeArgs = args.filter((arg) => !arg.startsWith("--"));
// The launch content with what it leaves out until the company gives it: a case study with three
// photos and every contact detail (tests/support/edited-content.ts), so the pages they add, and the
// footer they fill, are measured too.
// Always the same folder: the build folder's content store keeps entries by their file's path.
const contentDir = "build-bench-content";
rmSync(contentDir, { recursive: true, force: true });
mkdirSync(contentDir);
const launchContent = join(import.meta.dirname, "../app/content");
for (const name of readdirSync(launchContent).filter((file) => file.endsWith(".yaml")))
  copyFileSync(join(launchContent, name), join(contentDir, name));
cpSync(proofFixtures, contentDir, { recursive: true });
// The products, one added as the editor adds one, and documents, so /documents is measured too.
cpSync(join(launchContent, "products"), join(contentDir, "products"), { recursive: true });
copyFileSync(fixtureProduct, join(contentDir, "products", "remote-valve.yaml"));
cpSync(join(dirname(fixtureProduct), "photos"), join(contentDir, "products", "photos"), {
  recursive: true,
});
cpSync(fixtureDocuments, join(contentDir, "documents"), { recursive: true });
const studies = readdirSync(join(proofFixtures, "case-studies"))
  .filter((file) => file.endsWith(".yaml"))
  .map((file) => `/case-studies/${file.replace(/\.yaml$/, "")}`);
process.env.CONTENT_DIR = contentDir;
const allRoutes = [
  ...pageList.map((page) => page.path),
  "/case-studies",
  ...studies,
  ...siteProducts().map((product) => product.path),
  "/documents",
];
const routes = routeArgs.length > 0 ? routeArgs : allRoutes;
// Five, not three: the reference's own TBT swings widely between runs on a busy machine.
const RUNS = 5;
const READINESS_RUNS = 3;
const REFERENCE = "reference";
const BUILD_DIR = "build-bench";
const client = siteRootOf(BUILD_DIR);
const ISLAND_BUDGET_KIB = 80;
const READINESS_TARGETS = { "form in view, then used": 500, "used straight after load": 1000 };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Each key's median over a list of objects of numbers (or of such objects). */
function medianOf(rows) {
  return Object.fromEntries(
    Object.keys(rows[0]).map((key) => {
      const values = rows.map((row) => row[key]);
      return [key, typeof values[0] === "object" ? medianOf(values) : median(values)];
    }),
  );
}
const kib = (bytes) => Math.round(bytes / 102.4) / 10;
const missed = [];
const atMost = (route, what, value, limit) =>
  value <= limit || missed.push(`${route}: ${what} ${value} > ${limit}`);

// The floor (decision 0023): one heading and one paragraph, no CSS, font, image or script.
const referencePage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A bare page: the floor the site's pages are measured against.">
<title>Reference page</title></head><body><h1>Reference page</h1>
<p>One heading and one paragraph, with no stylesheet, font, image or script.</p></body></html>`;

/** What a file costs a browser that accepts brotli: its .br sibling where the build wrote one. */
const brotliSize = (path) => {
  const file = join(client, path);
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
};

/** The JavaScript files a built page names (island, scripts, preloads) and those they import. */
function scriptFilesOf(route) {
  const html = readFileSync(join(client, route, "index.html"), "utf8");
  const named = html.matchAll(/(?:src|href|component-url|renderer-url)="(\/assets\/[^"]+\.js)"/g);
  const files = new Set([...named].map((match) => match[1]));
  for (const file of files) {
    const code = readFileSync(join(client, file), "utf8");
    for (const [, path] of code.matchAll(/(?:from|import)\s*\(?"(\.\/[^"]+\.js)"/g))
      files.add(join(dirname(file), path));
  }
  // Inline scripts other than structured data: content pages have none.
  const inline = html.match(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>/g) ?? [];
  return { files: [...files], inline: inline.length };
}

/** One Lighthouse run's figures and where its main thread went; throws if it failed. */
async function runLighthouse(url) {
  const chromeFlags = `--chrome-flags=${["--headless=new", ...chromiumArgs].join(" ")}`;
  const categories = "--only-categories=performance,accessibility,best-practices,seo";
  const command = [url, "--quiet", "--output=json", chromeFlags, categories];
  const env = { ...process.env, CHROME_PATH: chromiumPath };
  const options = { env, timeout: 120_000, maxBuffer: 2 ** 28 };
  const { stdout } = await promisify(execFile)("node_modules/.bin/lighthouse", command, options);
  const { categories: scores, audits } = JSON.parse(stdout);
  const score = (id) => Math.round(scores[id].score * 100);
  const audit = (id) => audits[id].numericValue;
  const requests = audits["network-requests"].details.items;
  const scripts = requests.filter(
    (request) => request.resourceType === "Script" && url.startsWith(new URL(request.url).origin),
  );
  const breakdown = audits["mainthread-work-breakdown"].details.items;
  const spent = (label) => breakdown.find((item) => item.groupLabel === label)?.duration ?? 0;
  const groups = Object.values(taskGroups).map(({ label }) => [label, Math.round(spent(label))]);
  return {
    perf: score("performance"),
    a11y: score("accessibility"),
    bp: score("best-practices"),
    seo: score("seo"),
    "FCP ms": Math.round(audit("first-contentful-paint")),
    "LCP ms": Math.round(audit("largest-contentful-paint")),
    "TBT ms": Math.round(audit("total-blocking-time")),
    CLS: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
    "total KiB": kib(audit("total-byte-weight")),
    requests: requests.length,
    "JS loaded KiB": kib(
      scripts.reduce((sum, { url }) => sum + brotliSize(new URL(url).pathname), 0),
    ),
    mainThread: Object.fromEntries(groups),
  };
}

/**
 * The island after first use, which Lighthouse never tries, in Chromium throttled for real: one
 * visitor has had the form on screen for 3 s (its JavaScript prefetched), one taps it straight
 * after load. From the first touch: the time until the island is "ready", blocking time (each long
 * task's part over 50 ms), bytes fetched, and the island's files requested once another arrived.
 */
async function measureReadiness(url, scenario) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      window.bench = { blocking: 0 };
      new PerformanceObserver((list) => {
        for (const task of list.getEntries())
          if (task.startTime >= bench.firstUse) bench.blocking += Math.max(0, task.duration - 50);
      }).observe({ type: "longtask" });
      addEventListener("pointerdown", () => (bench.firstUse ??= performance.now()), true);
      // Stamped when the directive marks the island ready, not when a poll notices.
      new MutationObserver(() => {
        if (document.querySelector('astro-island[data-island-state="ready"]'))
          bench.readyAt ??= performance.now();
      }).observe(document, { subtree: true, attributeFilter: ["data-island-state"] });
    });
    await page.goto(url, { waitUntil: "load" });
    const field = page.locator("form input").first();
    if (scenario === "form in view, then used") {
      await field.scrollIntoViewIfNeeded();
      await page.waitForTimeout(3000);
    }
    const before = await page.evaluate(() => performance.getEntriesByType("resource").length);
    await field.click();
    await page.waitForFunction(() => bench.readyAt !== undefined, undefined, { timeout: 60_000 });
    // Whatever the start left running (effects, the bot check's request) settles first.
    await page.waitForTimeout(1000);
    const { fetched, ...run } = await page.evaluate((before) => {
      const at = bench.firstUse;
      const resources = performance.getEntriesByType("resource");
      const scripts = resources.filter((entry) => /\/assets\/.*\.js$/.test(entry.name));
      return {
        "ready after ms": Math.round(bench.readyAt - at),
        "blocking ms": Math.round(bench.blocking),
        fetched: resources.slice(before).reduce((sum, entry) => sum + entry.transferSize, 0),
        late: scripts
          .filter((entry) => scripts.some((other) => other.responseEnd <= entry.startTime))
          .map((entry) => new URL(entry.name).pathname),
      };
    }, before);
    return { ...run, "fetched after use KiB": kib(fetched) };
  } finally {
    await browser.close();
  }
}

if (!args.includes("--no-build") || !existsSync(client)) {
  const env = { ...process.env, BUILD_DIR, CONTENT_DIR: contentDir };
  if (spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit", env }).status !== 0)
    process.exit(1);
}
const scriptsOf = new Map(routes.map((route) => [route, scriptFilesOf(route)]));
// The pages with an island: those whose built HTML names JavaScript.
const islandRoutes = routes.filter((route) => scriptsOf.get(route).files.length > 0);

const server = await spawnServer({
  SITE_ROOT: client,
  DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "bench-")), "enquiries.db")}`,
});
const reference = createServer((_request, response) =>
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(referencePage),
);
await new Promise((resolve) => reference.listen(0, "127.0.0.1", resolve));
const referenceUrl = `http://127.0.0.1:${reference.address().port}/`;
const urlOf = (target) => (target === REFERENCE ? referenceUrl : `${server.baseUrl}${target}`);
const runsOf = new Map((readinessOnly ? [] : [REFERENCE, ...routes]).map((target) => [target, []]));
const readiness = [];
try {
  // Not measured: the first Chromium start after a build reads its files from a cold disk.
  if (!readinessOnly) await runLighthouse(urlOf(routes[0])).catch(() => {});
  for (let round = 1; round <= RUNS; round++)
    // A failed run (Chromium timed out on a busy machine) is run again once.
    for (const [target, runs] of runsOf)
      for (let attempt = 0; attempt < 2 && runs.length < round; attempt++) {
        try {
          runs.push(await runLighthouse(urlOf(target)));
        } catch (error) {
          const lines = `${error.stderr || error.message}`.trim().split("\n");
          console.error(`lighthouse round ${round} on ${target}: ${lines.at(-1)}`);
        }
      }
  for (const route of islandRoutes)
    for (const scenario of Object.keys(READINESS_TARGETS)) {
      const runs = [];
      // As a Lighthouse run: a failed one is run again once, so Lighthouse's figures still print.
      for (let i = 0; i < READINESS_RUNS; i++)
        for (let attempt = 0; attempt < 2 && runs.length <= i; attempt++) {
          try {
            runs.push(await measureReadiness(`${server.baseUrl}${route}`, scenario));
          } catch (error) {
            console.error(`readiness run ${i + 1} on ${route}: ${error.message.split("\n")[0]}`);
          }
        }
      if (runs.length > 0) readiness.push({ route, scenario, runs });
      else missed.push(`${route}: ${scenario}: no readiness run finished`);
    }
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  reference.close();
}

const medians = new Map();
for (const [target, runs] of runsOf) {
  if (runs.length > 0) medians.set(target, medianOf(runs));
  else missed.push(`${target}: no Lighthouse run finished`);
}
// Over the reference's figures; with no reference run, the absolute limits alone.
const ref = medians.get(REFERENCE) ?? { "TBT ms": Infinity, "FCP ms": Infinity };
const [tbtLimit, fcpLimit] = [ref["TBT ms"] + 50, ref["FCP ms"] + 100];
// Style and layout (decision 0056): the 60 ms for the island's page and 45 ms for a content
// page were set beside a bare page at 17 ms. A busy machine stretches every page's figure, the
// bare page's too, so the limits are those margins over the bare page of the same rounds; with no
// reference run, the figures themselves.
const STYLE_LAYOUT = "Style & Layout";
const STYLE_LAYOUT_MARGINS = { island: 43, content: 28 };
const refStyleLayout = medians.get(REFERENCE)?.mainThread[STYLE_LAYOUT] ?? 17;
const styleLayoutLimit = (route) =>
  refStyleLayout + STYLE_LAYOUT_MARGINS[islandRoutes.includes(route) ? "island" : "content"];
for (const [route, row] of medians) {
  if (route === REFERENCE) continue;
  // Also the absolute limits of decisions 0008 (content pages) and 0011 (the island's page).
  const island = islandRoutes.includes(route);
  atMost(route, "TBT ms", row["TBT ms"], Math.min(tbtLimit, island ? 50 : Infinity));
  atMost(route, "FCP ms", row["FCP ms"], Math.min(fcpLimit, island ? 900 : 800));
  atMost(route, "LCP ms", row["LCP ms"], island ? 1300 : 1200);
  atMost(route, "CLS", row.CLS, 0);
  atMost(route, `${STYLE_LAYOUT} ms`, row.mainThread[STYLE_LAYOUT], styleLayoutLimit(route));
  for (const score of ["perf", "a11y", "bp", "seo"])
    atMost(route, `100 - ${score}`, 100 - row[score], 0);
}
if (medians.size > 0) {
  console.log(`\nLighthouse, mobile profile, medians of ${RUNS} runs (${chromiumPath})`);
  console.table([...medians].map(([route, { mainThread, ...row }]) => ({ route, ...row })));
  if (medians.has(REFERENCE))
    console.log(`Over the reference: TBT at most ${tbtLimit} ms, FCP at most ${fcpLimit} ms.`);
  console.log("\nWhere the main thread went (ms, medians; Lighthouse's groups, CPU 4x)");
  console.table([...medians].map(([route, { mainThread }]) => ({ route, ...mainThread })));
  console.log(
    `\n${STYLE_LAYOUT} (ms, medians): at most the reference's + ${STYLE_LAYOUT_MARGINS.island} ms on the island's page, + ${STYLE_LAYOUT_MARGINS.content} ms on a content page`,
  );
  console.table(
    [...medians].map(([route, { mainThread }]) => {
      const spent = mainThread[STYLE_LAYOUT];
      if (route === REFERENCE) return { route, ms: spent, "target ms": "", "": "" };
      const limit = styleLayoutLimit(route);
      return { route, ms: spent, "target ms": limit, "": spent <= limit ? "met" : "MISS" };
    }),
  );
}

console.log("\nJavaScript per page (KiB brotli): files the built page names, and what they import");
console.table(
  routes.map((route) => {
    const { files, inline } = scriptsOf.get(route);
    const sizes = files.map(brotliSize);
    const total = kib(sizes.reduce((sum, size) => sum + size, 0));
    if (islandRoutes.includes(route)) atMost(route, "island KiB", total, ISLAND_BUDGET_KIB);
    else atMost(route, "script files and inline scripts", files.length + inline, 0);
    // Fetched in a Lighthouse run, which never uses the form: at most the island's prefetch.
    atMost(route, "JS loaded KiB", medians.get(route)?.["JS loaded KiB"] ?? 0, total);
    const named = files.map((file, i) => `${file.split("/").pop()} ${kib(sizes[i])}`);
    return { route, files: named.join(", ") || "none", "inline scripts": inline, KiB: total };
  }),
);

if (readiness.length > 0) {
  console.log(
    `\nThe island after first use (medians of ${READINESS_RUNS}; 150 ms RTT, 1.6 Mbit/s, CPU 4x)`,
  );
  console.table(
    readiness.map(({ route, scenario, runs }) => {
      const figures = medianOf(runs.map(({ late, ...figures }) => figures));
      const late = [...new Set(runs.flatMap((run) => run.late))].join(", ") || "none";
      const target = READINESS_TARGETS[scenario];
      atMost(route, `${scenario}: ready after ms`, figures["ready after ms"], target);
      if (late !== "none")
        missed.push(`${route}: ${scenario}: requested only after another file arrived: ${late}`);
      const row = { route, scenario, "target ms": target, ...figures };
      return { ...row, "requested after another arrived": late };
    }),
  );
}
if (missed.length > 0) {
  console.log(`\nTargets missed (${missed.length}):\n  ${missed.join("\n  ")}`);
  process.exit(1);
}
console.log("\nEvery target met.");
