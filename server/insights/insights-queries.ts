import { randomBytes } from "node:crypto";
import type { Database } from "../store/database";
import { countsOfBatches, type InsightsStore, type Visit } from "./insights-store";

/** Sorted, so instances flushing at once take row locks in one order and never deadlock. */
const sortedBy = <T>(items: T[], key: (item: T) => string) =>
  items.toSorted((a, b) => (key(a) < key(b) ? -1 : 1));

/** Rows per INSERT: far below either engine's limit on parameters, whatever a day brings. */
const rowsPerInsert = 500;
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / rowsPerInsert) }, (_, i) =>
    rows.slice(i * rowsPerInsert, (i + 1) * rowsPerInsert),
  );

/**
 * The insights tables (decision 0021), in the enquiry store's database. A visitor, or a
 * visitor's page, counts once: when its row first goes in (ON CONFLICT DO NOTHING returns
 * only the rows it inserted), whichever instance saw it.
 */
export function insightsQueries({ db, together }: Database): InsightsStore {
  return {
    async dailySalt(day) {
      await db
        .insertInto("insightsSalts")
        .values({ day, salt: randomBytes(32) })
        .onConflict((oc) => oc.column("day").doNothing())
        .execute();
      const row = await db
        .selectFrom("insightsSalts")
        .select("salt")
        .where("day", "=", day)
        .executeTakeFirst();
      if (!row) throw new Error(`no insights salt for ${day}`);
      return row.salt;
    },
    async record(batches) {
      return db.transaction().execute(async (trx) => {
        const newVisitors = new Map<string, Set<string>>();
        const newVisitorPages = new Map<string, { path: string }[]>();
        const visits = new Map<string, Map<string, Omit<Visit, "device">>>();
        for (const { day, visitors, visitorPages, enquiries } of batches) {
          const inserted = new Set<string>();
          for (const chunk of chunks(sortedBy(visitors, (v) => v.hash))) {
            const rows = await trx
              .insertInto("insightsVisitors")
              .values(chunk.map(({ hash, visit }) => ({ day, hash, ...visit })))
              .onConflict((oc) => oc.columns(["day", "hash"]).doNothing())
              .returning("hash")
              .execute();
            for (const { hash } of rows) inserted.add(hash);
          }
          newVisitors.set(day, inserted);
          const pages: { path: string }[] = [];
          for (const chunk of chunks(sortedBy(visitorPages, (p) => `${p.hash}\n${p.path}`))) {
            const rows = await trx
              .insertInto("insightsVisitorPages")
              .values(chunk.map((page) => ({ day, ...page })))
              .onConflict((oc) => oc.columns(["day", "hash", "path"]).doNothing())
              .returning("path")
              .execute();
            pages.push(...rows);
          }
          newVisitorPages.set(day, pages);
          const found = new Map<string, Omit<Visit, "device">>();
          for (const chunk of chunks(enquiries)) {
            const rows = await trx
              .selectFrom("insightsVisitors")
              .select(["hash", "entry", "source", "medium", "campaign"])
              .where("day", "=", day)
              .where("hash", "in", chunk)
              .execute();
            for (const { hash, ...visit } of rows) found.set(hash, visit);
          }
          visits.set(day, found);
        }
        const { counts, unattributed } = countsOfBatches(batches, {
          newVisitors: (day) => newVisitors.get(day) ?? new Set(),
          newVisitorPages: (day) => newVisitorPages.get(day) ?? [],
          visitOf: (day, hash) => visits.get(day)?.get(hash),
        });
        for (const chunk of chunks(counts)) {
          await trx
            .insertInto("insightsDaily")
            .values(chunk)
            .onConflict((oc) =>
              oc.columns(["day", "dimension", "value"]).doUpdateSet((eb) => ({
                pageviews: eb("insightsDaily.pageviews", "+", eb.ref("excluded.pageviews")),
                visitors: eb("insightsDaily.visitors", "+", eb.ref("excluded.visitors")),
                visits: eb("insightsDaily.visits", "+", eb.ref("excluded.visits")),
                enquiries: eb("insightsDaily.enquiries", "+", eb.ref("excluded.enquiries")),
              })),
            )
            .execute();
        }
        return unattributed;
      });
    },
    async readDailyCounts(from, to) {
      return db
        .selectFrom("insightsDaily")
        .select(["day", "dimension", "value", "pageviews", "visitors", "visits", "enquiries"])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .orderBy("day")
        .orderBy("dimension")
        .orderBy("value")
        .execute();
    },
    async forget(before) {
      await together([
        db.deleteFrom("insightsSalts").where("day", "<", before.salts),
        db.deleteFrom("insightsVisitors").where("day", "<", before.visitors),
        db.deleteFrom("insightsVisitorPages").where("day", "<", before.visitors),
      ]);
    },
    async purgeCounts(day) {
      const { numDeletedRows } = await db
        .deleteFrom("insightsDaily")
        .where("day", "<", day)
        .executeTakeFirstOrThrow();
      return Number(numDeletedRows);
    },
  };
}
