import Database from "better-sqlite3";
import { expect } from "vitest";
import { test } from "../../tests/support/server-test";
import type { EnquiryStore } from "../store/enquiry-store";
import { createInsightsCounter, pendingLimit } from "./insights-counter";
import { readInsightsReport } from "./insights-report";
import type { PageView } from "./page-view";

const home: PageView = {
  path: "/",
  device: "desktop",
  cameFrom: () => ({ source: "direct", medium: "", campaign: "" }),
};
const fail = (fields: object) => expect.fail(JSON.stringify(fields));
/** A counter on the test's SQLite store, on the real clock unless given another. */
async function startCounter(store: EnquiryStore, now?: () => number) {
  const counter = createInsightsCounter({
    store: store.insights,
    flushMs: 10_000,
    log: { error: fail, warn: fail },
    now,
  });
  await counter.start();
  return counter;
}

const someone = {
  site: "www.amanzi.example",
  address: "192.0.2.7",
  userAgent: "Mozilla/5.0 Probe",
};

test("makes a new salt each day, destroys the old one at once and the day's visitors soon after", async ({
  sqliteStore: store,
  databasePath,
  closeAfter,
}) => {
  const raw = closeAfter(new Database(databasePath, { readonly: true }));
  const days = (table: string) =>
    raw
      .prepare<[], { day: string }>(`SELECT DISTINCT day FROM ${table} ORDER BY day`)
      .all()
      .map((row) => row.day);

  let clock = Date.parse("2026-03-01T23:59:30.000Z");
  const counter = await startCounter(store, () => clock);
  closeAfter({ close: () => counter.stop() });
  expect(days("insights_salts")).toEqual(["2026-03-01", "2026-03-02"]);
  counter.pageView(home, someone);
  counter.pageView({ ...home, path: "/hardware" }, someone);
  await counter.flush();
  expect(days("insights_visitors")).toEqual(["2026-03-01"]);

  // After midnight the same person is a new visitor under the new salt; the old salt is gone,
  // the old day's visitors stay a minute, for instances still flushing the day.
  clock = Date.parse("2026-03-02T00:00:20.000Z");
  counter.pageView(home, someone);
  await counter.flush();
  expect(days("insights_salts")).toEqual(["2026-03-02", "2026-03-03"]);
  expect(days("insights_visitors")).toEqual(["2026-03-01", "2026-03-02"]);
  const hashes = raw.prepare<[], { hash: string }>("SELECT hash FROM insights_visitors").all();
  expect(new Set(hashes.map((row) => row.hash)).size).toBe(2);

  clock = Date.parse("2026-03-02T00:02:00.000Z");
  await counter.flush();
  expect(days("insights_visitors")).toEqual(["2026-03-02"]);

  const report = await readInsightsReport(store.insights, { days: 2, today: new Date(clock) });
  const day = { visitors: 1, visits: 1, enquiries: 0, converted: 0, downloads: 0 };
  expect(report.days).toEqual([
    { date: "2026-03-01", pageviews: 2, ...day },
    { date: "2026-03-02", pageviews: 1, ...day },
  ]);
});

test("counts an enquiry whose visitor never shows up, without a visit, after a few flushes", async ({
  sqliteStore: store,
}) => {
  const counter = await startCounter(store);
  counter.enquiry(someone);
  const enquiries = async () => (await readInsightsReport(store.insights, { days: 1 })).enquiries;
  await counter.flush();
  await counter.flush();
  expect(await enquiries()).toBe(0);
  await counter.flush();
  await counter.flush();
  expect(await enquiries()).toBe(1);
  // Stopping writes what waits: this one goes at once.
  counter.enquiry(someone);
  await counter.stop();
  expect(await enquiries()).toBe(2);
});

test("tells visitors apart by address and user agent, and counts an enquiry for the visit another instance saw once that one has flushed", async ({
  sqliteStore: store,
}) => {
  const [one, two] = [await startCounter(store), await startCounter(store)];
  const fromMail = { ...home, cameFrom: () => ({ source: "mail", medium: "", campaign: "" }) };
  for (const identity of [
    someone,
    { ...someone, address: "192.0.2.8" },
    { ...someone, userAgent: "Other" },
    someone,
  ]) {
    one.pageView(fromMail, identity);
  }
  two.enquiry(someone);
  // The second instance does not know the visitor yet: the enquiry waits for a later flush.
  await two.flush();
  await one.flush();
  await two.flush();
  expect(await readInsightsReport(store.insights, { days: 1 })).toMatchObject({
    pageviews: 4,
    visitors: 3,
    enquiries: 1,
    converted: 1,
    pages: [{ path: "/", visits: 3, enquiries: 1 }],
    sources: [{ source: "mail", visits: 3, enquiries: 1 }],
  });
  await Promise.all([one.stop(), two.stop()]);
});

test("holds at most pendingLimit visitors between flushes, and says how many it turned away", async ({
  sqliteStore: store,
}) => {
  const warnings: object[] = [];
  const counter = createInsightsCounter({
    store: store.insights,
    flushMs: 3_600_000,
    log: { error: fail, warn: (fields) => warnings.push(fields) },
  });
  await counter.start();
  for (let n = 0; n < pendingLimit + 5; n++)
    counter.pageView(home, { ...someone, userAgent: `${n}` });
  await counter.stop();
  expect(await readInsightsReport(store.insights, { days: 1 })).toMatchObject({
    pageviews: pendingLimit + 5,
    visitors: pendingLimit,
  });
  // Five visitors, and their five pages.
  expect(warnings).toEqual([{ turnedAway: 10 }]);
});

test("counts held sends in memory and writes them to the store only when it flushes", async ({
  sqliteStore: store,
}) => {
  const day = "2026-03-01";
  const counter = await startCounter(store, () => Date.parse(`${day}T10:00:00.000Z`));
  counter.held();
  counter.held();
  expect(await store.insights.readHeld(day, day)).toEqual([]);
  await counter.flush();
  expect(await store.insights.readHeld(day, day)).toEqual([{ day, held: 2 }]);
  counter.held();
  await counter.stop();
  expect(await store.insights.readHeld(day, day)).toEqual([{ day, held: 3 }]);
});
