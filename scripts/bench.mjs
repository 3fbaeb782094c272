// Performance benchmark: builds the site, serves it with our own server on a free loopback
// port, and runs Lighthouse (mobile, the default throttled profile) three times per route
// against Debian's Chromium. Prints the median scores and timings, and the compressed size of
// the JavaScript and CSS each page loads. Figures vary by a few points between machines, which
// is why they live here and not in timed tests.
//
//   npm run bench            all routes
//   npm run bench -- / /contact
//
// Runs under tsx (see package.json) to share the test suite's server starter.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { sitePages } from "../app/content/pages.ts";
import { spawnServer } from "../tests/support/server-process.ts";

const ROUTES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : sitePages.map((page) => page.path);
const RUNS = 3;
const BUILD_DIR = "build-bench";
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const chromeFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Bytes over the wire (gzip) of the scripts and styles a route's HTML asks for. */
function pageWeight(route) {
  const client = join(BUILD_DIR, "client");
  const html = readFileSync(join(client, route === "/" ? "" : route, "index.html"), "utf8");
  const refs = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(js|css))"/g)];
  const weight = { js: 0, css: 0 };
  for (const [, path, kind] of new Map(refs.map((r) => [r[1], r])).values()) {
    weight[kind] += gzipSync(readFileSync(join(client, path))).length;
  }
  return weight;
}

const build = spawnSync("npm", ["run", "-s", "build"], {
  stdio: "inherit",
  env: { ...process.env, BUILD_DIR },
});
if (build.status !== 0) process.exit(1);

const server = await spawnServer({
  SITE_ROOT: join(BUILD_DIR, "client"),
  DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "bench-")), "enquiries.db")}`,
});
const origin = server.baseUrl;

const rows = [];
try {
  for (const route of ROUTES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const out = join(mkdtempSync(join(tmpdir(), "lh-")), "report.json");
      const lh = spawnSync(
        "node_modules/.bin/lighthouse",
        [
          `${origin}${route}`,
          "--quiet",
          "--output=json",
          `--output-path=${out}`,
          `--chrome-flags=${chromeFlags}`,
          "--only-categories=performance,accessibility,best-practices,seo",
        ],
        { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: "ignore", timeout: 120_000 },
      );
      if (lh.status !== 0) throw new Error(`lighthouse failed on ${route}`);
      const report = JSON.parse(readFileSync(out, "utf8"));
      const score = (id) => Math.round(report.categories[id].score * 100);
      const audit = (id) => report.audits[id].numericValue;
      runs.push({
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
      });
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    const weight = pageWeight(route);
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
      "JS gz KB": (weight.js / 1024).toFixed(1),
      "CSS gz KB": (weight.css / 1024).toFixed(1),
    });
  }
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
}

console.log(`\nLighthouse ${RUNS} runs per route (median), mobile profile, ${chromiumPath}`);
console.table(rows);
