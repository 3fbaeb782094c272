import { randomBytes } from "node:crypto";
import { setImmediate as turn } from "node:timers/promises";
import { type Kysely, sql } from "kysely";
import { chunks, type Database } from "./database";
import {
  type DailyCount,
  type Dimension,
  labelsPerDay,
  noCounts,
  otherLabel,
  type Tables,
  type TapCount,
  type Visit,
} from "./schema";

// The insights tables (decision 0021), in the enquiry store's database: daily counts, kept for
// INSIGHTS_RETENTION_MONTHS; each day's salt and visitor hashes, kept until the day is over.
// Instances add up exactly: counts are additive upserts, and a visitor (or a visitor's page or
// download) counts once, when its row first goes in, whichever instance saw it. All of it goes
// through the database's counting pool (decision 0040).

export type Measure = keyof typeof noCounts;
export type Measures = typeof noCounts;
const measures = Object.keys(noCounts) as Measure[];

/** What one instance counted for one day since its last flush. */
export type DayBatch = {
  day: string;
  /** Counts that need no store to work out: page views, enquiries nobody can attribute. */
  counts: DailyCount[];
  visitors: { hash: string; visit: Visit }[];
  visitorPages: { hash: string; path: string }[];
  /** A visitor's download of a file, from `source`: counted once a day per visitor and file. */
  downloads?: { hash: string; path: string; source: string }[];
  taps?: Omit<TapCount, "day">[];
  /**
   * The visitor's hash of each enquiry, to count for that visitor's visit, and the enquiry's id,
   * which is given that visit's entry page and source for the inbox (decision 0045).
   */
  enquiries: { hash: string; enquiryId?: string }[];
  /** Sends the bot check held (decision 0039), counted apart from the day's enquiries. */
  held?: number;
};

export type InsightsStore = ReturnType<typeof insightsStore>;

export const emptyCount = (day: string, dimension: Dimension, value: string): DailyCount => {
  return { day, dimension, value, ...noCounts };
};

/**
 * Counts keyed by day, dimension and value, added up as they come. With a `limit`, a day's
 * dimension takes at most that many values; the rest count as `otherLabel`.
 */
export class CountTable {
  readonly #rows = new Map<string, DailyCount>();
  /** Values taken per day and dimension. */
  readonly #taken = new Map<string, number>();

  constructor(readonly limit = Number.POSITIVE_INFINITY) {}

  get size() {
    return this.#rows.size;
  }

  add(day: string, dimension: Dimension, value: string, measure: Measure, n = 1) {
    const key = `${day}\n${dimension}\n${value}`;
    const row = this.#rows.get(key) ?? emptyCount(day, dimension, value);
    if (!this.#rows.has(key) && dimension !== "total" && value !== otherLabel) {
      const taken = this.#taken.get(`${day}\n${dimension}`) ?? 0;
      if (taken >= this.limit) {
        this.add(day, dimension, otherLabel, measure, n);
        return;
      }
      this.#taken.set(`${day}\n${dimension}`, taken + 1);
    }
    row[measure] += n;
    this.#rows.set(key, row);
  }

  addRow(row: DailyCount) {
    for (const m of measures) this.add(row.day, row.dimension, row.value, m, row[m]);
  }

  /** A visit, an enquiry of one or its conversion, for its entry page, source, medium and campaign. */
  addVisit(
    day: string,
    visit: Omit<Visit, "device">,
    measure: "visits" | "enquiries" | "converted",
  ) {
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

/** Sums as numbers: PostgreSQL hands a bigint sum over as text. */
const asNumbers = <Row extends Record<string, unknown>>(row: Row) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, key === "value" ? value : Number(value)]),
  ) as { [Key in keyof Row]: Key extends "value" ? Row[Key] : number };

const sums = measures.map((m) => sql<number>`sum(${sql.ref(m)})`.as(m));
/** A measure's sum over every grouped row, beside each row. */
const ofAll = (m: Measure) => `all${m.charAt(0).toUpperCase()}${m.slice(1)}` as const;
const sumsOfAll = measures.map((m) => sql<number>`sum(sum(${sql.ref(m)})) over ()`.as(ofAll(m)));
const pick = <Row extends Record<string, unknown>, Key extends keyof Row & string>(
  row: Row,
  keys: Key[],
) => Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<Row, Key>;

/**
 * The counts of `day`, a dimension's values taking its free places in the store
 * (largest first) up to `labelsPerDay`; a value beyond them counts as `otherLabel`.
 */
async function bounded(trx: Kysely<Tables>, day: string, rows: DailyCount[]) {
  const stored = await trx
    .selectFrom("insightsDaily")
    .select(["dimension", "value"])
    .where("day", "=", day)
    .where("dimension", "!=", "total")
    .execute();
  const known = new Set(stored.map((row) => `${row.dimension}\n${row.value}`));
  const taken = new Map<string, number>();
  for (const { dimension, value } of stored) {
    if (value !== otherLabel) taken.set(dimension, (taken.get(dimension) ?? 0) + 1);
  }
  const weight = (row: DailyCount) => measures.reduce((sum, m) => sum + row[m], 0);
  const table = new CountTable();
  for (const row of rows.toSorted((a, b) => weight(b) - weight(a))) {
    const key = `${row.dimension}\n${row.value}`;
    let { value } = row;
    if (row.dimension !== "total" && value !== otherLabel && !known.has(key)) {
      const places = taken.get(row.dimension) ?? 0;
      if (places < labelsPerDay) {
        known.add(key);
        taken.set(row.dimension, places + 1);
      } else value = otherLabel;
    }
    table.addRow({ ...row, value });
  }
  return table.rows();
}

export function insightsStore({ counting: db, engine }: Database) {
  const addUp = (from: string, to: string) =>
    db.selectFrom("insightsDaily").where("day", ">=", from).where("day", "<=", to);
  /**
   * SQLite answers in this thread, each query blocking it: the report's reads run one at a
   * time, each after a turn of the event loop, so requests such as /healthz are answered between
   * them rather than after the whole report. PostgreSQL answers elsewhere: read at once.
   */
  let reads: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(read: () => Promise<T>): Promise<T> => {
    if (engine !== "sqlite") return read();
    const next = reads.then(() => turn()).then(read);
    reads = next.catch(() => {});
    return next;
  };
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
        // One instance's counts at a time, so two never both take a day's last free label.
        if (engine === "postgres")
          await sql`SELECT pg_advisory_xact_lock(${0x696e7369})`.execute(trx);
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
          const downloads = new Map(
            (batch.downloads ?? []).map((d) => [`${d.hash}\n${d.path}`, d]),
          );
          for (const chunk of sortedChunks([...downloads], ([key]) => key)) {
            const added = await trx
              .insertInto("insightsVisitorPages")
              .values(chunk.map(([, { hash, path }]) => ({ day, hash, path })))
              .onConflict((oc) => oc.doNothing())
              .returning(["hash", "path"])
              .execute();
            for (const { hash, path } of added) {
              const source = downloads.get(`${hash}\n${path}`)?.source ?? "";
              counts.add(day, "total", "", "downloads");
              counts.add(day, "download", path, "downloads");
              counts.add(day, "download-source", source, "downloads");
            }
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
            // A visit converts once, at its visitor's first enquiry of the day.
            const converted = await trx
              .updateTable("insightsVisitors")
              .set({ converted: 1 })
              .where("day", "=", day)
              .where("hash", "in", chunk)
              .where("converted", "=", 0)
              .returning(["entry", "source", "medium", "campaign"])
              .execute();
            for (const visit of converted) counts.addVisit(day, visit, "converted");
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
          if (batch.held) {
            await trx
              .insertInto("insightsHeld")
              .values({ day, held: batch.held })
              .onConflict((oc) =>
                oc.column("day").doUpdateSet({ held: sql`insights_held.held + excluded.held` }),
              )
              .execute();
          }
          const taps = (batch.taps ?? []).toSorted((a, b) =>
            `${a.channel}\n${a.source}` < `${b.channel}\n${b.source}` ? -1 : 1,
          );
          for (const chunk of chunks(taps)) {
            await trx
              .insertInto("insightsTaps")
              .values(chunk.map((tap) => ({ day, ...tap })))
              .onConflict((oc) =>
                oc
                  .columns(["day", "channel", "source"])
                  .doUpdateSet({ taps: sql`insights_taps.taps + excluded.taps` }),
              )
              .execute();
          }
        }
        const days = new Map<string, DailyCount[]>();
        for (const row of counts.rows()) {
          const rows = days.get(row.day) ?? [];
          days.set(row.day, rows);
          rows.push(row);
        }
        for (const [day, rows] of days) {
          for (const chunk of chunks(await bounded(trx, day, rows))) {
            await trx
              .insertInto("insightsDaily")
              .values(chunk)
              .onConflict((oc) => oc.columns(["day", "dimension", "value"]).doUpdateSet(addedUp))
              .execute();
          }
        }
        return unattributed;
      });
    },

    /** The daily totals of the days from `from` to `to`, both included. */
    readDays: (from: string, to: string): Promise<(Measures & { day: string })[]> =>
      inTurn(() =>
        addUp(from, to)
          .select(["day", ...measures])
          .where("dimension", "=", "total")
          .orderBy("day")
          .execute(),
      ),

    /**
     * A dimension's values over the days from `from` to `to`, added up in the store in one
     * query: the first `top` by the measures of `order`, and of them all how many there are and
     * their sums (windows over the grouped rows, worked out before the limit).
     */
    async readTop(
      dimension: Exclude<Dimension, "total">,
      { from, to, order, top }: { from: string; to: string; order: Measure[]; top: number },
    ) {
      let query = addUp(from, to)
        .select(["value", ...sums, sql<number>`count(*) over ()`.as("values"), ...sumsOfAll])
        .where("dimension", "=", dimension)
        .groupBy("value");
      for (const m of order) query = query.orderBy(sql`sum(${sql.ref(m)})`, "desc");
      const found = await inTurn(() => query.orderBy("value").limit(top).execute());
      const first = found[0];
      const all = asNumbers({
        values: first?.values ?? 0,
        ...Object.fromEntries(measures.map((m) => [m, first?.[ofAll(m)] ?? 0])),
      }) as Measures & { values: number };
      const rows = found.map((row) => asNumbers(pick(row, ["value", ...measures])));
      return { rows, all };
    },

    /** Destroys the salts of days before `salts`, and the visitor hashes of days before `visitors`. */
    async forget(before: { salts: string; visitors: string }) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("insightsSalts").where("day", "<", before.salts).execute();
        await trx.deleteFrom("insightsVisitors").where("day", "<", before.visitors).execute();
        await trx.deleteFrom("insightsVisitorPages").where("day", "<", before.visitors).execute();
      });
    },

    /** Taps of the days from `from` to `to`, both included. */
    readTaps: (from: string, to: string): Promise<TapCount[]> =>
      inTurn(() =>
        db
          .selectFrom("insightsTaps")
          .select(["day", "channel", "source", "taps"])
          .where("day", ">=", from)
          .where("day", "<=", to)
          .orderBy("day")
          .orderBy("channel")
          .orderBy("source")
          .execute(),
      ),

    /** Held sends of the days from `from` to `to`, both included. */
    readHeld: (from: string, to: string) =>
      inTurn(() =>
        db
          .selectFrom("insightsHeld")
          .select(["day", "held"])
          .where("day", ">=", from)
          .where("day", "<=", to)
          .orderBy("day")
          .execute(),
      ),

    /** Deletes the daily counts, taps and held counts of days before `day`; resolves to how many rows went. */
    async purgeCounts(day: string) {
      return db.transaction().execute(async (trx) => {
        let rows = 0;
        // In the order the flush writes them, so a purge and another instance's flush never
        // each hold one table the other waits for (PostgreSQL's "deadlock detected").
        for (const table of ["insightsHeld", "insightsTaps", "insightsDaily"] as const) {
          const purge = trx.deleteFrom(table).where("day", "<", day);
          rows += Number((await purge.executeTakeFirstOrThrow()).numDeletedRows);
        }
        return rows;
      });
    },
  };
}
