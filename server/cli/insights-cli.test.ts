import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, vi } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { nodeWithTsx } from "../../tests/support/server-process";
import { dayBatch, test } from "../../tests/support/server-test";
import { addDays, dayOf } from "../days";
import { daysFrom } from "../insights/insights-report";

// The real command in its own process on a real SQLite file; it starts Node with tsx, which
// takes seconds on a busy machine. What the report counts: server/insights' tests.
vi.setConfig({ testTimeout: 120_000 });

test("prints the key figures beside the days before, as tables and as JSON", async ({
  tempDir,
  openStore,
}) => {
  const databaseUrl = `file:${resolve(tempDir, "insights.db")}`;
  const store = await openStore(databaseUrl);
  const today = dayOf(new Date());
  await store.insights.record([dayBatch(today), dayBatch(addDays(today, -2))]);
  // Received and answered 30 business minutes later, whatever day the test runs on.
  const received = new Date("2026-11-23T07:00:00Z");
  const { id } = await store.saveEnquiry(sampleEnquiry(), received, mailOnly);
  await store.replies.stopClock(id, new Date(received.getTime() + 30 * 60_000));
  const replied = ["--days", String(daysFrom(dayOf(received), today))];
  const run = (args: string[]) =>
    spawnSync(...nodeWithTsx("server/cli/insights-cli.ts", args), {
      cwd: resolve(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl },
      encoding: "utf8",
      timeout: 60_000,
    });
  const text = run(["--days", "2"]);
  expect(text.status, text.stderr).toBe(0);
  expect(text.stdout).toMatch(
    new RegExp(
      `Key figures\\n.*${addDays(today, -1)} to ${today} +${addDays(today, -3)} to ${addDays(today, -2)} +Change` +
        "[^]*Visits +2 +2 +no change\\n.*Enquiries +0 +0 +no change",
    ),
  );
  const json = JSON.parse(run(["--days", "1", "--json"]).stdout);
  expect(json.previous).toMatchObject({ from: addDays(today, -1), visits: 0, held: 0 });
  expect(json.keyFigures[1]).toEqual({ name: "Visits", now: "2", before: "0", change: "new" });
  expect(run(replied).stdout).toMatch(
    /Median first reply +30 min +– +–\n[\s\S]*Funnel by source\n[\s\S]*\(no counted visit\) +0 +1 +– +1 +100\.0% +0 +0\.0%\n[\s\S]*First reply by week \(business hours\)\n[\s\S]* 1 +0 +30 min +30 min\n/,
  );
  const { keyFigures, funnel, firstReplyWeeks } = JSON.parse(run([...replied, "--json"]).stdout);
  expect(keyFigures[4]).toMatchObject({ name: "Median first reply", now: "30 min" });
  expect(funnel.at(-1)).toMatchObject({ source: "All sources", enquiries: 1, contacted: 1 });
  expect(firstReplyWeeks[0]).toMatchObject({ from: "2026-11-23", answered: 1, median: 30 });
});
