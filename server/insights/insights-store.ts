// What the insights store keeps (decision 0021), implemented for SQLite and PostgreSQL beside
// the enquiry store, in the same database. Two kinds of data:
//  - daily counts, the aggregates the report reads, kept for INSIGHTS_RETENTION_MONTHS;
//  - each day's salt and the hashes of the visitors seen that day, with where their visit came
//    in, kept only until the day is over. Without the salt a hash cannot be worked out again.
// Instances add up exactly: counts are additive upserts, and a visitor (or a visitor's page)
// counts once when its hash first goes into the store, whichever instance saw it.

export const devices = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof devices)[number];

/** What the daily counts are broken down by; "total" has the one value "". */
export const dimensions = ["total", "page", "source", "medium", "campaign", "device"] as const;
export type Dimension = (typeof dimensions)[number];

export type DailyCount = {
  /** YYYY-MM-DD, a UTC day. */
  day: string;
  dimension: Dimension;
  value: string;
  pageviews: number;
  visitors: number;
  visits: number;
  enquiries: number;
};

/** Where a visit came in: its first page, and what brought the visitor there. */
export type Visit = {
  entry: string;
  source: string;
  /** utm_medium and utm_campaign, "" without. */
  medium: string;
  campaign: string;
  device: Device;
};

/** What one instance counted for one day since its last flush. */
export type DayBatch = {
  day: string;
  /** Counts that need no store to work out: page views, enquiries nobody can attribute. */
  counts: DailyCount[];
  /** Visitors this instance saw for the first time, with their visit. */
  visitors: { hash: string; visit: Visit }[];
  /** Pages a visitor was seen on for the first time here. */
  visitorPages: { hash: string; path: string }[];
  /** One entry per enquiry sent by a visitor, to add to that visitor's visit. */
  enquiries: string[];
};

export type InsightsStore = {
  /** The day's salt, made (randomly) by whichever instance asks first. */
  dailySalt(day: string): Promise<Buffer>;
  /**
   * Adds what the batches counted, in one transaction. Resolves to the enquiries whose
   * visitor is not in the store (yet: another instance may not have flushed it).
   */
  record(batches: DayBatch[]): Promise<{ day: string; hash: string }[]>;
  /** Daily counts of the days from `from` to `to`, both included. */
  readDailyCounts(from: string, to: string): Promise<DailyCount[]>;
  /** Destroys the salts of days before `salts`, and the visitor hashes of days before `visitors`. */
  forget(before: { salts: string; visitors: string }): Promise<void>;
  /** Deletes daily counts of days before `day`; resolves to how many rows went. */
  purgeCounts(day: string): Promise<number>;
};

/** Zero counts for one key. */
export const emptyCount = (day: string, dimension: Dimension, value: string): DailyCount => ({
  day,
  dimension,
  value,
  pageviews: 0,
  visitors: 0,
  visits: 0,
  enquiries: 0,
});

type Measure = "pageviews" | "visitors" | "visits" | "enquiries";

/** Counts keyed by day, dimension and value, added up as they come. */
export class CountTable {
  readonly #rows = new Map<string, DailyCount>();

  add(day: string, dimension: Dimension, value: string, measure: Measure, n = 1): void {
    const key = `${day}\n${dimension}\n${value}`;
    let row = this.#rows.get(key);
    if (!row) {
      row = emptyCount(day, dimension, value);
      this.#rows.set(key, row);
    }
    row[measure] += n;
  }

  addRow(row: DailyCount): void {
    for (const measure of ["pageviews", "visitors", "visits", "enquiries"] as const) {
      if (row[measure]) this.add(row.day, row.dimension, row.value, measure, row[measure]);
    }
  }

  /** Each key once, in one order: instances upserting the same keys never deadlock. */
  rows(): DailyCount[] {
    return [...this.#rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  }

  get size(): number {
    return this.#rows.size;
  }
}

/** Adds a visit's visit and enquiry counts to its entry page, source, medium and campaign. */
export function addToVisit(
  table: CountTable,
  day: string,
  visit: Omit<Visit, "device">,
  measure: "visits" | "enquiries",
) {
  table.add(day, "total", "", measure);
  table.add(day, "page", visit.entry, measure);
  table.add(day, "source", visit.source, measure);
  if (visit.medium) table.add(day, "medium", visit.medium, measure);
  if (visit.campaign) table.add(day, "campaign", visit.campaign, measure);
}

/**
 * The counts a batch adds, once the store has said which of its visitors and visitor pages
 * are new to the day, and which visit each enquiry's visitor made. Shared by both stores, so
 * they count alike.
 */
export function countsOfBatches(
  batches: DayBatch[],
  seen: {
    newVisitors: (day: string) => Set<string>;
    newVisitorPages: (day: string) => { path: string }[];
    visitOf: (day: string, hash: string) => Omit<Visit, "device"> | undefined;
  },
): { counts: DailyCount[]; unattributed: { day: string; hash: string }[] } {
  const table = new CountTable();
  const unattributed: { day: string; hash: string }[] = [];
  for (const batch of batches) {
    const { day } = batch;
    for (const row of batch.counts) table.addRow(row);
    const fresh = seen.newVisitors(day);
    for (const { hash, visit } of batch.visitors) {
      if (!fresh.has(hash)) continue;
      table.add(day, "total", "", "visitors");
      table.add(day, "device", visit.device, "visitors");
      addToVisit(table, day, visit, "visits");
    }
    for (const { path } of seen.newVisitorPages(day)) table.add(day, "page", path, "visitors");
    for (const hash of batch.enquiries) {
      const visit = seen.visitOf(day, hash);
      if (visit) addToVisit(table, day, visit, "enquiries");
      else unattributed.push({ day, hash });
    }
  }
  return { counts: table.rows(), unattributed };
}
