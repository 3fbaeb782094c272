import { describe, expect } from "vitest";
import { dayBatch, test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { type DayBatch, emptyCount } from "../store/insights-store";
import { labelsPerDay, noCounts } from "../store/schema";
import {
  conversionChange,
  countChange,
  keyFigures,
  readComparedReport,
  readInsightsReport,
} from "./insights-report";

const day = "2026-03-02";
const today = new Date(`${day}T15:00:00.000Z`);
/** Counts with `converted` of `visits` visits. */
const measures = (converted: number, visits: number) => ({ ...noCounts, converted, visits });
/** What one instance saw on the day. */
const batch = (overrides: Partial<DayBatch> = {}, on = day) => dayBatch(on, overrides);

test.each([
  [countChange(12, 10), "up 20%"],
  [countChange(5, 10), "down 50%"],
  [countChange(10, 10), "no change"],
  [countChange(0, 0), "no change"],
  [countChange(3, 0), "new"],
  [countChange(0, 4), "down 100%"],
  [conversionChange(measures(1, 4), measures(1, 5)), "up 5.0 pp"],
  [conversionChange(measures(0, 4), measures(1, 4)), "down 25.0 pp"],
  [conversionChange(measures(1, 3), measures(2, 6)), "no change"],
  [conversionChange(measures(0, 0), measures(1, 4)), "–"],
])("says a change as %j", (said, expected) => {
  expect(said).toBe(expected);
});

describe.each(storeKinds)("insights on the $name store", (kind) => {
  test("reports every day of the range, with zeros where nothing was counted, and deletes the counts of days before a cutoff", async ({
    tempDir,
    openStore,
  }) => {
    const store = await openStore(await kind.newDatabaseUrl(tempDir));
    const report = await readInsightsReport(store.insights, { days: 3, today });
    const zeros = {
      pageviews: 0,
      visitors: 0,
      visits: 0,
      enquiries: 0,
      downloads: 0,
      converted: 0,
    };
    const none = { values: 0, ...zeros };
    expect(report).toEqual({
      from: "2026-02-28",
      to: day,
      ...zeros,
      held: 0,
      pages: [],
      sources: [],
      campaigns: [],
      mediums: [],
      downloadFiles: [],
      downloadSources: [],
      devices: ["phone", "tablet", "desktop"].map((device) => ({
        device,
        pageviews: 0,
        visitors: 0,
      })),
      entryPages: [],
      all: Object.fromEntries(
        ["pages", "sources", "campaigns", "mediums", "downloadFiles", "downloadSources"].map(
          (list) => [list, none],
        ),
      ),
      days: ["2026-02-28", "2026-03-01", day].map((date) => ({ date, ...zeros })),
    });
    await expect(readInsightsReport(store.insights, { days: 0, today })).rejects.toThrow(/days/);

    // Held sends count apart: neither enquiries nor conversion.
    const held = (on: string): DayBatch => ({
      ...batch({ counts: [], visitors: [], visitorPages: [], enquiries: [] }, on),
      held: 1,
    });
    await store.insights.record(["2026-02-27", "2026-03-01", day].map(held));
    await store.insights.record([held(day)]);
    expect(await readInsightsReport(store.insights, { days: 3, today })).toMatchObject({
      held: 3,
      enquiries: 0,
      converted: 0,
    });

    // Retention deletes the daily counts of days before a cutoff.
    await store.insights.record([batch(), batch({}, "2026-03-01")]);
    expect(await store.insights.purgeCounts(day)).toBeGreaterThan(0);
    const kept = await readInsightsReport(store.insights, { days: 2, today });
    expect(kept.days.map((d) => d.pageviews)).toEqual([0, 3]);
    expect(kept.held).toBe(2);
  });

  test("counts a visitor and a visitor's page once, whichever instance saw them, and adds page views; hands back an enquiry of a visitor it has not seen", async ({
    tempDir,
    openStore,
  }) => {
    const url = await kind.newDatabaseUrl(tempDir);
    const [one, two] = [await openStore(url), await openStore(url)];
    // Both instances saw the same two visitors on the same pages.
    expect(await one.insights.record([batch()])).toEqual([]);
    expect(await two.insights.record([batch()])).toEqual([]);
    // Visitor a's enquiry, sent through the second instance, goes to a's visit.
    expect(
      await two.insights.record([
        batch({ counts: [], visitors: [], visitorPages: [], enquiries: [{ hash: "a" }] }),
      ]),
    ).toEqual([]);
    expect(
      await two.insights.record([
        batch({ counts: [], visitors: [], visitorPages: [], enquiries: [{ hash: "z" }] }),
      ]),
    ).toEqual([{ day, hash: "z" }]);

    const report = await readInsightsReport(one.insights, { days: 1, today });
    expect(report).toMatchObject({
      from: day,
      to: day,
      pageviews: 6,
      visitors: 2,
      visits: 2,
      enquiries: 1,
      pages: [
        { path: "/", pageviews: 2, visitors: 1, visits: 1, enquiries: 1 },
        { path: "/hardware", pageviews: 2, visitors: 1, visits: 1, enquiries: 0 },
        { path: "/contact", pageviews: 2, visitors: 1, visits: 0, enquiries: 0 },
      ],
      sources: [
        { source: "google.com", visits: 1, enquiries: 1 },
        { source: "newsletter", visits: 1, enquiries: 0 },
      ],
      devices: [
        { device: "phone", pageviews: 4, visitors: 1 },
        { device: "tablet", pageviews: 0, visitors: 0 },
        { device: "desktop", pageviews: 2, visitors: 1 },
      ],
      days: [{ date: day, pageviews: 6, visitors: 2, visits: 2, enquiries: 1 }],
    });
  });

  test("compares a period with the days of the same length just before it, read the same way", async ({
    tempDir,
    openStore,
  }) => {
    const store = await openStore(await kind.newDatabaseUrl(tempDir));
    // Two visits in the period, one of which sent two enquiries; one visit in the 3 days before;
    // and one on the day before those, in neither.
    await store.insights.record([batch()]);
    await store.insights.record([
      batch({
        counts: [],
        visitors: [],
        visitorPages: [],
        enquiries: [{ hash: "a" }, { hash: "a" }],
      }),
    ]);
    await store.insights.record([
      batch({ visitors: batch().visitors.slice(0, 1), visitorPages: [] }, "2026-02-27"),
      batch({}, "2026-02-24"),
    ]);
    const compared = await readComparedReport(store.insights, { days: 3, today });
    // Of the days before, their sums only, as a report of them counts them.
    const before = { days: 3, today: new Date("2026-02-27T08:00Z") };
    expect(await readInsightsReport(store.insights, before)).toMatchObject(compared.previous);
    expect(keyFigures(compared)).toEqual([
      { name: "Visitors", now: "2", before: "1", change: "up 100%" },
      { name: "Visits", now: "2", before: "1", change: "up 100%" },
      { name: "Enquiries", now: "2", before: "0", change: "new" },
      { name: "Conversion", now: "50.0%", before: "0.0%", change: "up 50.0 pp" },
    ]);
    expect(compared.report.entryPages).toEqual([
      { path: "/", visits: 1, enquiries: 2, converted: 1 },
      { path: "/hardware", visits: 1, enquiries: 0, converted: 0 },
    ]);
  });

  test("shares one salt a day between instances, and destroys it with the day's visitors", async ({
    tempDir,
    openStore,
  }) => {
    const url = await kind.newDatabaseUrl(tempDir);
    const [one, two] = [await openStore(url), await openStore(url)];
    const salt = await one.insights.dailySalt(day);
    expect(salt.length).toBe(32);
    expect(await two.insights.dailySalt(day)).toEqual(salt);
    expect(await one.insights.dailySalt("2026-03-03")).not.toEqual(salt);
    await one.insights.record([batch()]);

    await one.insights.forget({ salts: "2026-03-03", visitors: "2026-03-03" });
    expect(await two.insights.dailySalt(day)).not.toEqual(salt);
    // The visitors are forgotten: the same hashes count again (a salt never comes back, so
    // in practice they never recur). The daily counts stay.
    await one.insights.record([batch({ counts: [] })]);
    const report = await readInsightsReport(one.insights, { days: 1, today });
    expect(report).toMatchObject({ pageviews: 3, visitors: 4 });
  });

  test("keeps at most labelsPerDay values of a dimension a day, the rest as (other), and lists the first few with the total of them all", async ({
    tempDir,
    openStore,
  }) => {
    const store = await openStore(await kind.newDatabaseUrl(tempDir));
    const sources = (values: string[]) =>
      batch({
        counts: values.map((value) => ({
          ...emptyCount(day, "download-source", value),
          downloads: 1,
        })),
        visitors: [],
        visitorPages: [],
      });
    // One flush with 50 values more than a day keeps; a later one with a kept value and a new one.
    await store.insights.record([
      sources(Array.from({ length: labelsPerDay + 50 }, (_, i) => `s${i}`)),
    ]);
    await store.insights.record([sources(["s0", "late"])]);
    const report = await readInsightsReport(store.insights, { days: 1, today, top: 3 });
    expect(report.downloadSources).toEqual([
      { source: "(other)", downloads: 51 },
      { source: "s0", downloads: 2 },
      { source: "s1", downloads: 1 },
    ]);
    expect(report.all.downloadSources).toMatchObject({
      values: labelsPerDay + 1,
      downloads: labelsPerDay + 52,
    });
  });
});
