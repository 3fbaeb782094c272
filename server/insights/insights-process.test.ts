import { join } from "node:path";
import { expect } from "vitest";
import { writeFixtureSite } from "../../tests/support/fixture-site";
import { runInsightsCli } from "../../tests/support/server-process";
import { test } from "../../tests/support/server-test";

const visitor = (n: number, more: Record<string, string> = {}) => ({
  "x-forwarded-for": `198.51.100.${n}`,
  "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Visitor/${n}`,
  ...more,
});

// A real process on a real port: what SIGTERM makes it write before it exits is the point.
test("writes what it counted when stopped by SIGTERM, long before the next flush, and the command line reports it", {
  timeout: 60_000,
}, async ({ tempDir, databasePath, spawnServer }) => {
  const databaseUrl = `file:${databasePath}`;
  const siteRoot = join(tempDir, "site");
  writeFixtureSite(siteRoot);
  const server = await spawnServer({
    SITE_ROOT: siteRoot,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "127.0.0.1",
    INSIGHTS_FLUSH_SECONDS: "3600",
  });
  for (const [path, headers] of [
    ["/?utm_source=radio&utm_campaign=winter", visitor(1)],
    ["/hardware", visitor(1)],
    ["/hardware", visitor(2, { referer: "https://partner.example/list" })],
  ] as const) {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  }
  server.child.kill("SIGTERM");
  expect(await server.exited).toEqual({ code: 0, signal: null });

  const { stdout: json } = await runInsightsCli(databaseUrl, "--days", "1", "--json");
  expect(JSON.parse(json)).toMatchObject({
    pageviews: 3,
    visitors: 2,
    visits: 2,
    campaigns: [{ campaign: "winter", visits: 1, enquiries: 0 }],
  });
  const { stdout: text } = await runInsightsCli(databaseUrl, "--days", "7");
  expect(text).toMatch(/3 page views, 2 visitors, 2 visits, 0 enquiries/);
  expect(text).toMatch(/^partner\.example +1 +0 +0\.0%$/m);
  await expect(runInsightsCli(databaseUrl, "--days", "0")).rejects.toMatchObject({ code: 2 });
  // The process's own log lines hold neither the addresses nor the user agents.
  expect(server.output()).not.toMatch(/198\.51\.100\.|Visitor\/\d/);
});
