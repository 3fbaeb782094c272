// Performance benchmark: builds the site, serves it with our own server on a free loopback
// port, and runs Lighthouse (mobile, the default throttled profile) three times per route
// against Debian's Chromium. Prints the median scores and timings, and the compressed size of
// the JavaScript and CSS each page loads. Figures vary by a few points between machines, which
// is why they live here and not in timed tests.
//
//   npm run bench            all routes
//   npm run bench -- / /contact
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { tsImport } from "tsx/esm/api";

const { sitePages } = await tsImport("../app/content/pages.ts", import.meta.url);
const ROUTES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : sitePages.map((page) => page.path);
const RUNS = 3;
const BUILD_DIR = "build-bench";
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const chromeFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${deadlineMs} ms`);
}

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

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  stdio: "ignore",
  env: {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_ROOT: join(BUILD_DIR, "client"),
    DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "bench-")), "enquiries.db")}`,
    LOG_LEVEL: "warn",
  },
});

const rows = [];
try {
  await waitFor(`${origin}/healthz`, 20_000);
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
  server.kill("SIGTERM");
}

console.log(`\nLighthouse ${RUNS} runs per route (median), mobile profile, ${chromiumPath}`);
console.table(rows);
