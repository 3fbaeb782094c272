import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { chunks, type Database } from "./database";
import { type DailyCount, type Dimension, noCounts, type TapCount, type Visit } from "./schema";

// The insights tables (decision 0021), in the enquiry store's database: daily counts, kept for
// INSIGHTS_RETENTION_MONTHS; each day's salt and visitor hashes, kept until the day is over.
// Instances add up exactly: counts are additive upserts, and a visitor (or a visitor's page)
// counts once, when its row first goes in, whichever instance saw it.

type Measure = keyof typeof noCounts;
const measures = Object.keys(noCounts) as Measure[];

/** What one instance counted for one day since its last flush. */
export type DayBatch = {
  day: string;
  /** Counts that need no store to work out: page views, enquiries nobody can attribute. */
  counts: DailyCount[];
  visitors: { hash: string; visit: Visit }[];
  visitorPages: { hash: string; path: string }[];
  /**
   * The visitor's hash of each enquiry, to count for that visitor's visit, and the enquiry's id,
   * which is given that visit's entry page and source for the inbox (decision 0045).
   */
  enquiries: { hash: string; enquiryId?: string }[];
};

export type InsightsStore = ReturnType<typeof insightsStore>;

export const emptyCount = (day: string, dimension: Dimension, value: string): DailyCount => {
  return { day, dimension, value, ...noCounts };
};

/** Counts keyed by day, dimension and value, added up as they come. */
export class CountTable {
  readonly #rows = new Map<string, DailyCount>();

  add(day: string, dimension: Dimension, value: string, measure: Measure, n = 1) {
    const key = `${day}\n${dimension}\n${value}`;
    const row = this.#rows.get(key) ?? emptyCount(day, dimension, value);
    row[measure] += n;
    this.#rows.set(key, row);
  }

  addRow(row: DailyCount) {
    for (const m of measures) this.add(row.day, row.dimension, row.value, m, row[m]);
  }

  /** A visit, or an enquiry of one, for its entry page, source, medium and campaign. */
  addVisit(day: string, visit: Omit<Visit, "device">, measure: "visits" | "enquiries") {
    this.add(day, "total", "", measure);
    this.add(day, "page", visit.entry, measure);
    this.add(day, "source", visit.source, measure);
    if (visit.medium) this.add(day, "medium", visit.medium, measure);
    if (visit.campaign) this.add(day, "campaign", visit.campaign, measure);
  }

  /** Each key once, in one order, so instances upserting the same keys never deadlock. */
  rows(): DailyCount[] {
    return [...this.#rows].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  }
}

/** Sorted, so instances writing at once take row locks in one order and never deadlock. */
const sortedChunks = <T>(rows: T[], key: (row: T) => string) =>
  chunks(rows.toSorted((a, b) => (key(a) < key(b) ? -1 : 1)));

const addedUp = Object.fromEntries(
  measures.map((m) => [m, sql`insights_daily.${sql.ref(m)} + excluded.${sql.ref(m)}`]),
);

export function insightsStore({ db }: Database) {
  return {
    /** The day's salt, made at random by whichever instance asks first. */
    async dailySalt(day: string) {
      const row = { day, salt: randomBytes(32) };
      await db
        .insertInto("insightsSalts")
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
      const salts = db.selectFrom("insightsSalts").select("salt").where("day", "=", day);
      return (await salts.executeTakeFirstOrThrow()).salt;
    },

    /**
     * Adds what the batches counted, in one transaction. Resolves to the enquiries whose visitor
     * is not in the store (yet: another instance may not have flushed it); they count nothing.
     */
    async record(batches: DayBatch[]) {
      return db.transaction().execute(async (trx) => {
        const counts = new CountTable();
        const unattributed: { day: string; hash: string }[] = [];
        for (const { day, ...batch } of batches) {
          for (const row of batch.counts) counts.addRow(row);
          for (const chunk of sortedChunks(batch.visitors, (visitor) => visitor.hash)) {
            const added = await trx
              .insertInto("insightsVisitors")
              .values(chunk.map(({ hash, visit }) => ({ day, hash, ...visit })))
              .onConflict((oc) => oc.doNothing())
              .returning(["entry", "source", "medium", "campaign", "device"])
              .execute();
            for (const visit of added) {
              counts.add(day, "total", "", "visitors");
              counts.add(day, "device", visit.device, "visitors");
              counts.addVisit(day, visit, "visits");
            }
          }
          for (const chunk of sortedChunks(batch.visitorPages, (p) => `${p.hash}\n${p.path}`)) {
            const added = await trx
              .insertInto("insightsVisitorPages")
              .values(chunk.map((page) => ({ day, ...page })))
              .onConflict((oc) => oc.doNothing())
              .returning("path")
              .execute();
            for (const { path } of added) counts.add(day, "page", path, "visitors");
          }
          const visits = new Map<string, Omit<Visit, "device">>();
          for (const chunk of chunks([...new Set(batch.enquiries.map(({ hash }) => hash))])) {
            const found = await trx
              .selectFrom("insightsVisitors")
              .select(["hash", "entry", "source", "medium", "campaign"])
              .where("day", "=", day)
              .where("hash", "in", chunk)
              .execute();
            for (const { hash, ...visit } of found) visits.set(hash, visit);
          }
          for (const { hash, enquiryId } of batch.enquiries) {
            const visit = visits.get(hash);
            if (!visit) {
              unattributed.push({ day, hash });
              continue;
            }
            counts.addVisit(day, visit, "enquiries");
            if (enquiryId)
              await trx
                .updateTable("enquiries")
                .set({ entryPage: visit.entry, source: visit.source })
                .where("id", "=", enquiryId)
                .execute();
          }
        }
        for (const chunk of chunks(counts.rows())) {
          await trx
            .insertInto("insightsDaily")
            .values(chunk)
            .onConflict((oc) => oc.columns(["day", "dimension", "value"]).doUpdateSet(addedUp))
            .execute();
        }
        return unattributed;
      });
    },

    /** Daily counts of the days from `from` to `to`, both included. */
    readDailyCounts: (from: string, to: string): Promise<DailyCount[]> =>
      db
        .selectFrom("insightsDaily")
        .select(["day", "dimension", "value", ...measures])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .orderBy("day")
        .orderBy("dimension")
        .orderBy("value")
        .execute(),

    /** Destroys the salts of days before `salts`, and the visitor hashes of days before `visitors`. */
    async forget(before: { salts: string; visitors: string }) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("insightsSalts").where("day", "<", before.salts).execute();
        await trx.deleteFrom("insightsVisitors").where("day", "<", before.visitors).execute();
        await trx.deleteFrom("insightsVisitorPages").where("day", "<", before.visitors).execute();
      });
    },

    /** One tap on a contact link, added to its day's count. */
    async countTap(tap: Omit<TapCount, "taps">) {
      await db
        .insertInto("insightsTaps")
        .values({ ...tap, taps: 1 })
        .onConflict((oc) =>
          oc
            .columns(["day", "channel", "source"])
            .doUpdateSet({ taps: sql`insights_taps.taps + 1` }),
        )
        .execute();
    },

    /** Taps of the days from `from` to `to`, both included. */
    readTaps: (from: string, to: string): Promise<TapCount[]> =>
      db
        .selectFrom("insightsTaps")
        .select(["day", "channel", "source", "taps"])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .orderBy("day")
        .orderBy("channel")
        .orderBy("source")
        .execute(),

    /** One send the bot check held (decision 0039), counted apart from the day's enquiries. */
    async countHeld(day: string) {
      await db
        .insertInto("insightsHeld")
        .values({ day, held: 1 })
        .onConflict((oc) => oc.column("day").doUpdateSet({ held: sql`insights_held.held + 1` }))
        .execute();
    },

    /** Held sends of the days from `from` to `to`, both included. */
    readHeld: (from: string, to: string) =>
      db
        .selectFrom("insightsHeld")
        .select(["day", "held"])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .orderBy("day")
        .execute(),

    /** Deletes the daily counts, taps and held counts of days before `day`; resolves to how many rows went. */
    async purgeCounts(day: string) {
      return db.transaction().execute(async (trx) => {
        let rows = 0;
        for (const table of ["insightsDaily", "insightsTaps", "insightsHeld"] as const) {
          const purge = trx.deleteFrom(table).where("day", "<", day);
          rows += Number((await purge.executeTakeFirstOrThrow()).numDeletedRows);
        }
        return rows;
      });
    },
  };
}
