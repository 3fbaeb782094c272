import { randomBytes } from "node:crypto";
import type { Database } from "better-sqlite3";
import {
  countsOfBatches,
  type DailyCount,
  type DayBatch,
  type InsightsStore,
  type Visit,
} from "../insights/insights-store";

/** The insights tables of an open SQLite enquiry store (same file, same connection). */
export function sqliteInsightsStore(db: Database): InsightsStore {
  const insertSalt = db.prepare(
    "INSERT INTO insights_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING",
  );
  const selectSalt = db.prepare<[string], { salt: Buffer }>(
    "SELECT salt FROM insights_salts WHERE day = ?",
  );
  const insertVisitor = db.prepare(
    `INSERT INTO insights_visitors (day, hash, entry, source, medium, campaign, device)
     VALUES (@day, @hash, @entry, @source, @medium, @campaign, @device)
     ON CONFLICT (day, hash) DO NOTHING`,
  );
  const insertVisitorPage = db.prepare(
    `INSERT INTO insights_visitor_pages (day, hash, path) VALUES (?, ?, ?)
     ON CONFLICT (day, hash, path) DO NOTHING`,
  );
  const selectVisit = db.prepare<[string, string], Omit<Visit, "device">>(
    "SELECT entry, source, medium, campaign FROM insights_visitors WHERE day = ? AND hash = ?",
  );
  const upsertCount = db.prepare(
    `INSERT INTO insights_daily (day, dimension, value, pageviews, visitors, visits, enquiries)
     VALUES (@day, @dimension, @value, @pageviews, @visitors, @visits, @enquiries)
     ON CONFLICT (day, dimension, value) DO UPDATE SET
       pageviews = insights_daily.pageviews + excluded.pageviews,
       visitors = insights_daily.visitors + excluded.visitors,
       visits = insights_daily.visits + excluded.visits,
       enquiries = insights_daily.enquiries + excluded.enquiries`,
  );
  const selectCounts = db.prepare<[string, string], DailyCount>(
    `SELECT day, dimension, value, pageviews, visitors, visits, enquiries FROM insights_daily
     WHERE day BETWEEN ? AND ? ORDER BY day, dimension, value`,
  );
  const deleteSalts = db.prepare("DELETE FROM insights_salts WHERE day < ?");
  const deleteVisitors = db.prepare("DELETE FROM insights_visitors WHERE day < ?");
  const deleteVisitorPages = db.prepare("DELETE FROM insights_visitor_pages WHERE day < ?");
  const deleteCounts = db.prepare("DELETE FROM insights_daily WHERE day < ?");

  const recordAll = db.transaction((batches: DayBatch[]) => {
    const newVisitors = new Map<string, Set<string>>();
    const newVisitorPages = new Map<string, { path: string }[]>();
    for (const { day, visitors, visitorPages } of batches) {
      newVisitors.set(
        day,
        new Set(
          visitors
            .filter(({ hash, visit }) => insertVisitor.run({ day, hash, ...visit }).changes > 0)
            .map(({ hash }) => hash),
        ),
      );
      newVisitorPages.set(
        day,
        visitorPages.filter(({ hash, path }) => insertVisitorPage.run(day, hash, path).changes > 0),
      );
    }
    const { counts, unattributed } = countsOfBatches(batches, {
      newVisitors: (day) => newVisitors.get(day) ?? new Set(),
      newVisitorPages: (day) => newVisitorPages.get(day) ?? [],
      visitOf: (day, hash) => selectVisit.get(day, hash),
    });
    for (const count of counts) upsertCount.run(count);
    return unattributed;
  });
  const forgetAll = db.transaction((salts: string, visitors: string) => {
    deleteSalts.run(salts);
    deleteVisitors.run(visitors);
    deleteVisitorPages.run(visitors);
  });

  return {
    async dailySalt(day) {
      insertSalt.run(day, randomBytes(32));
      const row = selectSalt.get(day);
      if (!row) throw new Error(`no insights salt for ${day}`);
      return row.salt;
    },
    async record(batches) {
      return recordAll.immediate(batches);
    },
    async readDailyCounts(from, to) {
      return selectCounts.all(from, to);
    },
    async forget(before) {
      forgetAll.immediate(before.salts, before.visitors);
    },
    async purgeCounts(day) {
      return deleteCounts.run(day).changes;
    },
  };
}
