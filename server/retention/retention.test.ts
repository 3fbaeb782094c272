import { afterEach, expect, vi } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import type { EnquiryStore } from "../store/enquiry-store";
import { emptyCount } from "../store/insights-store";
import { dayMs, describePurge, startRetentionSchedule } from "./retention-plugin";

const t0 = new Date("2026-03-01T09:00:00.000Z");
const enquiry = (email: string) => sampleEnquiry({ email });

let store: EnquiryStore;
const logs: { fields: object; message: string }[] = [];
const log = {
  info: (fields: object, message: string) => logs.push({ fields, message }),
  error: (fields: object, message: string) => logs.push({ fields, message }),
};

test.beforeEach(({ sqliteStore }) => {
  vi.useFakeTimers({ now: t0 });
  store = sqliteStore;
  logs.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

const emails = async () => (await store.listEnquiries()).map((e) => e.email).sort();

test("purges at startup and then daily, never touching undelivered enquiries, and held and spam ones after HELD_RETENTION_DAYS", async () => {
  const delivered = await store.saveEnquiry(
    enquiry("delivered@example.co.za"),
    new Date(),
    mailOnly,
  );
  await store.markDelivered(delivered.id, "mail", new Date());
  await store.saveEnquiry(enquiry("waiting@example.co.za"), new Date(), mailOnly);
  // No job, yet not delivered: the delivered enquiries' purge leaves them.
  const hold = { reason: "low_score 0.1" };
  await store.saveEnquiry(enquiry("held@example.co.za"), new Date(), mailOnly, hold);
  const spam = await store.saveEnquiry(enquiry("spam@example.co.za"), new Date(), mailOnly, hold);
  await store.markSpam(spam.id);

  const schedule = startRetentionSchedule({ store, retentionDays: 2, heldRetentionDays: 5, log });
  await vi.advanceTimersByTimeAsync(0);
  expect(await emails()).toHaveLength(4);

  await vi.advanceTimersByTimeAsync(2 * dayMs); // exactly 2 days old: still kept
  expect(await emails()).toHaveLength(4);

  await vi.advanceTimersByTimeAsync(dayMs);
  const waitingAndHeld = ["held@example.co.za", "spam@example.co.za", "waiting@example.co.za"];
  expect(await emails()).toEqual(waitingAndHeld);
  expect(logs.at(-1)).toEqual({
    fields: { deleted: 1, keptUndelivered: 1, retentionDays: 2 },
    message: "retention: old delivered enquiries deleted",
  });
  // Counts only: no address, name or message in what was logged.
  expect(JSON.stringify(logs)).not.toMatch(/example\.co\.za|Thandi/);

  await vi.advanceTimersByTimeAsync(2 * dayMs); // 5 days old: still kept
  expect(await emails()).toEqual(waitingAndHeld);
  await vi.advanceTimersByTimeAsync(dayMs);
  expect(await emails()).toEqual(["waiting@example.co.za"]);
  expect(logs.at(-1)).toEqual({
    fields: { deleted: 2, heldRetentionDays: 5 },
    message: "retention: old held and spam enquiries deleted",
  });

  await vi.advanceTimersByTimeAsync(400 * dayMs);
  expect(await emails()).toEqual(["waiting@example.co.za"]);

  await schedule.stop();
  expect(vi.getTimerCount()).toBe(0);
});

test("deletes insights counts older than INSIGHTS_RETENTION_MONTHS with the enquiries", async () => {
  const count = (day: string) => ({ ...emptyCount(day, "total", ""), pageviews: 1 });
  const batch = (day: string) => ({
    day,
    counts: [count(day)],
    visitors: [],
    visitorPages: [],
    enquiries: [],
  });
  // t0 is 2026-03-01: 25 months back is 2024-02-01, the first day kept.
  await store.insights.record([batch("2024-01-31"), batch("2024-02-01")]);
  const schedule = startRetentionSchedule({
    store,
    retentionDays: 365,
    heldRetentionDays: 30,
    insightsRetentionMonths: 25,
    log,
  });
  await vi.advanceTimersByTimeAsync(0);
  await schedule.stop();
  const kept = await store.insights.readDays("2024-01-01", "2024-12-31");
  expect(kept.map((row) => row.day)).toEqual(["2024-02-01"]);
  expect(logs.at(-1)).toEqual({
    fields: { rows: 1, before: "2024-02-01" },
    message: "retention: old insights counts deleted",
  });
});

test("describes a purge for the operator, saying why undelivered ones stay", () => {
  const yearly = { retentionDays: 365, heldRetentionDays: 30, dryRun: false };
  expect(describePurge({ deleted: 3, keptUndelivered: 0, held: 0 }, yearly)).toBe(
    "Deleted 3 delivered enquiries received over 365 days ago (ENQUIRY_RETENTION_DAYS=365).",
  );
  expect(
    describePurge(
      { deleted: 1, keptUndelivered: 2, held: 1 },
      { retentionDays: 0, heldRetentionDays: 30, dryRun: true },
    ),
  ).toBe(
    "Would delete 1 delivered enquiry (ENQUIRY_RETENTION_DAYS=0).\n" +
      "Would delete 1 held or spam enquiry received over 30 days ago (HELD_RETENTION_DAYS=30).\n" +
      "Kept 2 enquiries not yet delivered: retention never deletes an enquiry before it reaches the company mailbox.",
  );
});
