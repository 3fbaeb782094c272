import { join } from "node:path";
import { expect } from "vitest";
import { writeFixtureSite } from "../../tests/support/fixture-site";
import { runInsightsCli, type ServerProcess } from "../../tests/support/server-process";
import { it } from "../../tests/support/server-test";
import { createTestDatabase } from "../../tests/support/test-database";
import { postEnquiry, validEnquiry } from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";
import { openEnquiryStore } from "../store/open-enquiry-store";
import type { InsightsReport } from "./insights-report";

const userAgent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Visitor/${n}`;
const address = (n: number) => `198.51.100.${n + 1}`;
const visitor = (n: number, more: Record<string, string> = {}) => ({
  "x-forwarded-for": address(n),
  "user-agent": userAgent(n),
  ...more,
});

async function get(server: ServerProcess, path: string, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
}

function siteEnv(tempDir: string, databaseUrl: string, flushSeconds: number) {
  const siteRoot = join(tempDir, "site");
  writeFixtureSite(siteRoot);
  return {
    SITE_ROOT: siteRoot,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "127.0.0.1",
    INSIGHTS_FLUSH_SECONDS: String(flushSeconds),
  };
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

async function report(databaseUrl: string): Promise<InsightsReport> {
  const { stdout } = await runInsightsCli(databaseUrl, "--days", "1", "--json");
  return JSON.parse(stdout) as InsightsReport;
}

it("writes what it counted when stopped by SIGTERM, long before the next flush, and the command line reports it", {
  timeout: 60_000,
}, async ({ tempDir, databasePath, spawnServer }) => {
  const databaseUrl = `file:${databasePath}`;
  const server = await spawnServer(siteEnv(tempDir, databaseUrl, 3600));
  await get(server, "/?utm_source=radio&utm_campaign=winter", visitor(1));
  await get(server, "/hardware", visitor(1));
  await get(server, "/hardware", visitor(2, { referer: "https://partner.example/list" }));
  await stop(server);

  expect(await report(databaseUrl)).toMatchObject({
    pageviews: 3,
    visitors: 2,
    visits: 2,
    pages: [
      { path: "/hardware", pageviews: 2, visitors: 2, visits: 1 },
      { path: "/", pageviews: 1, visitors: 1, visits: 1 },
    ],
    sources: [
      { source: "partner.example", visits: 1, enquiries: 0 },
      { source: "radio", visits: 1, enquiries: 0 },
    ],
    campaigns: [{ campaign: "winter", visits: 1, enquiries: 0 }],
  });
  const { stdout: text } = await runInsightsCli(databaseUrl, "--days", "7");
  expect(text).toMatch(/3 page views, 2 visitors, 2 visits, 0 enquiries/);
  expect(text).toMatch(/^partner\.example +1 +0 +0\.0%$/m);
  await expect(runInsightsCli(databaseUrl, "--days", "0")).rejects.toMatchObject({ code: 2 });
  // The process's own log lines hold neither the addresses nor the user agents.
  expect(server.output()).not.toMatch(/198\.51\.100\.|Visitor\/\d/);
});

it("adds up exactly what two instances on one PostgreSQL database counted of the same visitors", {
  timeout: 90_000,
}, async ({ tempDir, spawnServer }) => {
  const databaseUrl = await createTestDatabase();
  const env = siteEnv(tempDir, databaseUrl, 1);
  const instances = await Promise.all([spawnServer(env), spawnServer(env)]);
  const [one, two] = instances;
  if (!one || !two) throw new Error("two instances");
  const visitors = 24;
  const pages = ["/", "/hardware", "/contact"];
  // Each visitor's pages alternate between the instances, at the same time as the others'; a
  // third of them come from a campaign. Each sends an enquiry through the instance that did
  // not serve its first page.
  await Promise.all(
    Array.from({ length: visitors }, async (_, n) => {
      const first = n % 2 === 0 ? one : two;
      const other = first === one ? two : one;
      const tag = n % 3 === 0 ? "?utm_source=mail&utm_campaign=launch" : "";
      for (const [i, path] of pages.entries()) {
        await get(i % 2 === 0 ? first : other, `${path}${tag}`, visitor(n));
      }
      const sent = await postEnquiry(other.baseUrl, validEnquiry(), visitor(n));
      expect(sent.status).toBe(201);
    }),
  );
  // An enquiry whose visitor the other instance has not flushed yet is looked for again at
  // the next flushes (every second here): stopped once every one is counted for its visit.
  const store = await openEnquiryStore(databaseUrl);
  try {
    const today = new Date().toISOString().slice(0, 10);
    await waitFor(
      "every enquiry counted for its visit",
      async () => {
        const counts = await store.insights.readDailyCounts(today, today);
        const sources = counts.filter((count) => count.dimension === "source");
        return sources.reduce((n, count) => n + count.enquiries, 0) === visitors || undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
  } finally {
    await store.close();
  }
  await Promise.all(instances.map(stop));

  const counted = await report(databaseUrl);
  expect(counted).toMatchObject({
    pageviews: visitors * pages.length,
    visitors,
    visits: visitors,
    enquiries: visitors,
    sources: [
      { source: "direct", visits: 16, enquiries: 16 },
      { source: "mail", visits: 8, enquiries: 8 },
    ],
    campaigns: [{ campaign: "launch", visits: 8, enquiries: 8 }],
  });
  for (const path of pages) {
    expect(counted.pages.find((page) => page.path === path)).toMatchObject({
      pageviews: visitors,
      visitors,
    });
  }
  // Each visit has one entry page, which has its enquiry. (Which page that is, when both
  // instances saw the visitor before either flushed, is the first one flushed: decision 0021.)
  const sum = (key: "visits" | "enquiries") => counted.pages.reduce((n, page) => n + page[key], 0);
  expect([sum("visits"), sum("enquiries")]).toEqual([visitors, visitors]);
  for (const page of counted.pages) expect(page.enquiries).toBe(page.visits);
});
