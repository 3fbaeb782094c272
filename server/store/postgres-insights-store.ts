import { randomBytes } from "node:crypto";
import type { Pool } from "pg";
import { countsOfBatches, type DailyCount, type InsightsStore } from "../insights/insights-store";
import { inTransaction } from "./postgres-transaction";

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : 1;

/**
 * The insights tables of a PostgreSQL enquiry store. Instances flushing at the same moment
 * insert the same keys in the same (sorted) order, so one waits for the other instead of
 * deadlocking, and then finds the row there: ON CONFLICT DO NOTHING counts a visitor once.
 */
export function postgresInsightsStore(pool: Pool): InsightsStore {
  return {
    async dailySalt(day) {
      const { rows } = await pool.query<{ salt: Buffer }>(
        `WITH made AS (
           INSERT INTO insights_salts (day, salt) VALUES ($1, $2)
           ON CONFLICT (day) DO NOTHING RETURNING salt
         )
         SELECT salt FROM made UNION ALL SELECT salt FROM insights_salts WHERE day = $1`,
        [day, randomBytes(32)],
      );
      const salt = rows[0]?.salt;
      if (!salt) throw new Error(`no insights salt for ${day}`);
      return salt;
    },
    async record(batches) {
      return inTransaction(pool, async (client) => {
        const newVisitors = new Map<string, Set<string>>();
        const newVisitorPages = new Map<string, { path: string }[]>();
        const visits = new Map<
          string,
          Map<string, { entry: string; source: string; medium: string; campaign: string }>
        >();
        for (const { day, visitors, visitorPages, enquiries } of batches) {
          const sorted = [...visitors].sort(byKey((v) => v.hash));
          const inserted = await client.query<{ hash: string }>(
            `INSERT INTO insights_visitors (day, hash, entry, source, medium, campaign, device)
             SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
             ON CONFLICT (day, hash) DO NOTHING RETURNING hash`,
            [
              day,
              sorted.map((v) => v.hash),
              sorted.map((v) => v.visit.entry),
              sorted.map((v) => v.visit.source),
              sorted.map((v) => v.visit.medium),
              sorted.map((v) => v.visit.campaign),
              sorted.map((v) => v.visit.device),
            ],
          );
          newVisitors.set(day, new Set(inserted.rows.map((row) => row.hash)));
          const pages = [...visitorPages].sort(byKey((p) => `${p.hash}\n${p.path}`));
          const insertedPages = await client.query<{ path: string }>(
            `INSERT INTO insights_visitor_pages (day, hash, path)
             SELECT $1, * FROM unnest($2::text[], $3::text[])
             ON CONFLICT (day, hash, path) DO NOTHING RETURNING path`,
            [day, pages.map((p) => p.hash), pages.map((p) => p.path)],
          );
          newVisitorPages.set(day, insertedPages.rows);
          if (enquiries.length === 0) continue;
          const found = await client.query<{
            hash: string;
            entry: string;
            source: string;
            medium: string;
            campaign: string;
          }>(
            `SELECT hash, entry, source, medium, campaign FROM insights_visitors
             WHERE day = $1 AND hash = ANY($2::text[])`,
            [day, enquiries],
          );
          visits.set(day, new Map(found.rows.map(({ hash, ...visit }) => [hash, visit])));
        }
        const { counts, unattributed } = countsOfBatches(batches, {
          newVisitors: (day) => newVisitors.get(day) ?? new Set(),
          newVisitorPages: (day) => newVisitorPages.get(day) ?? [],
          visitOf: (day, hash) => visits.get(day)?.get(hash),
        });
        const column = <K extends keyof DailyCount>(key: K) => counts.map((count) => count[key]);
        await client.query(
          `INSERT INTO insights_daily (day, dimension, value, pageviews, visitors, visits, enquiries)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[])
           ON CONFLICT (day, dimension, value) DO UPDATE SET
             pageviews = insights_daily.pageviews + excluded.pageviews,
             visitors = insights_daily.visitors + excluded.visitors,
             visits = insights_daily.visits + excluded.visits,
             enquiries = insights_daily.enquiries + excluded.enquiries`,
          [
            column("day"),
            column("dimension"),
            column("value"),
            column("pageviews"),
            column("visitors"),
            column("visits"),
            column("enquiries"),
          ],
        );
        return unattributed;
      });
    },
    async readDailyCounts(from, to) {
      const { rows } = await pool.query<DailyCount>(
        `SELECT day, dimension, value, pageviews, visitors, visits, enquiries FROM insights_daily
         WHERE day BETWEEN $1 AND $2 ORDER BY day, dimension, value`,
        [from, to],
      );
      return rows;
    },
    async forget(before) {
      await pool.query(
        `WITH salts AS (DELETE FROM insights_salts WHERE day < $1),
           pages AS (DELETE FROM insights_visitor_pages WHERE day < $2)
         DELETE FROM insights_visitors WHERE day < $2`,
        [before.salts, before.visitors],
      );
    },
    async purgeCounts(day) {
      const { rowCount } = await pool.query("DELETE FROM insights_daily WHERE day < $1", [day]);
      return rowCount ?? 0;
    },
  };
}
