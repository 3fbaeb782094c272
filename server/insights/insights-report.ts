import {
  type DailyCount,
  type Dimension,
  devices,
  dimensions,
  emptyCount,
  type InsightsStore,
} from "./insights-store";

export type InsightsReport = {
  from: string;
  to: string; // YYYY-MM-DD, inclusive, UTC days
  pageviews: number;
  visitors: number;
  visits: number;
  enquiries: number;
  pages: { path: string; pageviews: number; visitors: number; visits: number; enquiries: number }[]; // by entry page for visits/enquiries
  sources: { source: string; visits: number; enquiries: number }[]; // referrer host, utm_source, "direct"
  campaigns: { campaign: string; visits: number; enquiries: number }[];
  devices: { device: "phone" | "tablet" | "desktop"; pageviews: number; visitors: number }[];
  days: { date: string; pageviews: number; visitors: number; visits: number; enquiries: number }[]; // every day in range, zeros included
};

/** utm_medium of visits, beside the contract's fields: the command line prints it too. */
export type InsightsReportWithMediums = InsightsReport & {
  mediums: { medium: string; visits: number; enquiries: number }[];
};

const dayMs = 86_400_000;

/** The UTC day of a moment, as YYYY-MM-DD. */
/** Enquiries ÷ visits as a percentage, "–" without visits: the dashboard's and the CLI's. */
export function conversion(enquiries: number, visits: number): string {
  return visits > 0 ? `${((100 * enquiries) / visits).toFixed(1)}%` : "–";
}

export const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The day `n` days after (or, negative, before) `day`. */
export const addDays = (day: string, n: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * dayMs));

/**
 * The last `days` UTC days up to `today` (now, unless given), both included, from the daily
 * counts: what the /admin/insights dashboard and `npm run insights` show. Visitors are counted
 * per day (a visitor's hash changes with the day's salt), so the range's visitors are the sum of
 * its days'; a visit is a visitor's day, so visits and visitors agree on totals and differ by page.
 */
export async function readInsightsReport(
  store: InsightsStore,
  { days, today = new Date() }: { days: number; today?: Date },
): Promise<InsightsReportWithMediums> {
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`days must be a whole number of at least 1, not ${days}`);
  }
  const to = dayOf(today);
  const from = addDays(to, 1 - days);
  const totals = new Map<string, Map<string, DailyCount>>();
  for (const dimension of dimensions) totals.set(dimension, new Map());
  const byDay = new Map<string, DailyCount>();
  for (const row of await store.readDailyCounts(from, to)) {
    const sums = totals.get(row.dimension);
    if (!sums) continue;
    const sum = sums.get(row.value) ?? emptyCount(from, row.dimension, row.value);
    addMeasures(sum, row);
    sums.set(row.value, sum);
    if (row.dimension === "total") byDay.set(row.day, row);
  }
  const sumsOf = (dimension: Dimension) => [...(totals.get(dimension)?.values() ?? [])];
  const total = totals.get("total")?.get("") ?? emptyCount(from, "total", "");
  const byVisits = (a: DailyCount, b: DailyCount) =>
    b.visits - a.visits || b.enquiries - a.enquiries || compare(a.value, b.value);
  const visitRows = (dimension: Dimension) => sumsOf(dimension).sort(byVisits);
  const deviceCounts = totals.get("device");
  return {
    from,
    to,
    pageviews: total.pageviews,
    visitors: total.visitors,
    visits: total.visits,
    enquiries: total.enquiries,
    pages: sumsOf("page")
      .sort((a, b) => b.pageviews - a.pageviews || byVisits(a, b))
      .map(({ value, pageviews, visitors, visits, enquiries }) => ({
        path: value,
        pageviews,
        visitors,
        visits,
        enquiries,
      })),
    sources: visitRows("source").map(({ value, visits, enquiries }) => ({
      source: value,
      visits,
      enquiries,
    })),
    campaigns: visitRows("campaign").map(({ value, visits, enquiries }) => ({
      campaign: value,
      visits,
      enquiries,
    })),
    mediums: visitRows("medium").map(({ value, visits, enquiries }) => ({
      medium: value,
      visits,
      enquiries,
    })),
    devices: devices.map((device) => {
      const { pageviews = 0, visitors = 0 } = deviceCounts?.get(device) ?? {};
      return { device, pageviews, visitors };
    }),
    days: Array.from({ length: days }, (_, i) => {
      const date = addDays(from, i);
      const { pageviews = 0, visitors = 0, visits = 0, enquiries = 0 } = byDay.get(date) ?? {};
      return { date, pageviews, visitors, visits, enquiries };
    }),
  };
}

function addMeasures(sum: DailyCount, row: DailyCount) {
  sum.pageviews += row.pageviews;
  sum.visitors += row.visitors;
  sum.visits += row.visits;
  sum.enquiries += row.enquiries;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
