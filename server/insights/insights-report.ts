import type { InsightsStore } from "../store/insights-store";
import { type Dimension, devices, noCounts as zero } from "../store/schema";

type Measures = typeof zero;
type VisitRow = { visits: number; enquiries: number };
/** Where a visit came from, as the report splits visits. */
type Origin = "source" | "campaign" | "medium";

/** The last `days` UTC days, each listed; pages by page views, the rest by visits. */
export type InsightsReport = Awaited<ReturnType<typeof readInsightsReport>>;

/**
 * Enquiries that came with a counted visit ÷ visits, as a percentage, "–" without visits. At
 * most 100%: a visitor who sends a second enquiry the same day converts no second visit.
 */
export const conversion = (visitEnquiries: number, visits: number) =>
  visits > 0 ? `${Math.min(100, (100 * visitEnquiries) / visits).toFixed(1)}%` : "–";

/** How conversion is counted, where the dashboard and the command line show it. */
export const conversionNote =
  "Conversion: enquiries that came with a counted visit, divided by visits, at most 100%. Enquiries also counts those that came with none (from pages served elsewhere, or a visitor who asked not to be tracked).";

export const number = (n: number) => n.toLocaleString("en-ZA");

/** The UTC day of a moment, YYYY-MM-DD. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** The day `n` days after (or, negative, before) `day`. */
export const addDays = (day: string, n: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000));

/** From the daily counts: a hash changes daily, so a range's visitors are the sum of its days'. */
export async function readInsightsReport(
  store: InsightsStore,
  { days, today = new Date() }: { days: number; today?: Date },
) {
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`days must be a whole number of at least 1, not ${days}`);
  }
  const to = dayOf(today);
  const from = addDays(to, 1 - days);
  const sums = new Map<string, Map<string, Measures>>();
  const byDay = new Map<string, Measures>();
  // Every enquiry counted for a visit is counted for its source too; the total also holds those
  // that came with none.
  const visitEnquiriesByDay = new Map<string, number>();
  for (const { day, dimension, value, ...measures } of await store.readDailyCounts(from, to)) {
    const values = sums.get(dimension) ?? new Map<string, Measures>();
    const sum = values.get(value) ?? { ...zero };
    for (const key of Object.keys(zero) as (keyof Measures)[]) sum[key] += measures[key];
    sums.set(dimension, values.set(value, sum));
    if (dimension === "total") byDay.set(day, measures);
    if (dimension === "source")
      visitEnquiriesByDay.set(day, (visitEnquiriesByDay.get(day) ?? 0) + measures.enquiries);
  }
  const byVisits = (a: [string, Measures], b: [string, Measures]) =>
    b[1].visits - a[1].visits ||
    b[1].enquiries - a[1].enquiries ||
    (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const rows = (dimension: Dimension) => [...(sums.get(dimension) ?? [])].sort(byVisits);
  const visitRows = <Key extends Origin>(key: Key) =>
    rows(key).map(
      ([value, { visits, enquiries }]) =>
        ({ [key]: value, visits, enquiries }) as Record<Key, string> & VisitRow,
    );
  const devicesSeen = sums.get("device");
  const heldDays = await store.readHeld(from, to);
  return {
    from,
    to,
    ...(sums.get("total")?.get("") ?? zero),
    /** Sends the bot check held (decision 0039): stored, but neither enquiries nor conversion. */
    held: heldDays.reduce((sum, { held }) => sum + held, 0),
    visitEnquiries: [...visitEnquiriesByDay.values()].reduce((sum, n) => sum + n, 0),
    pages: rows("page")
      .sort((a, b) => b[1].pageviews - a[1].pageviews || byVisits(a, b))
      .map(([path, measures]) => ({ path, ...measures })),
    sources: visitRows("source"),
    campaigns: visitRows("campaign"),
    mediums: visitRows("medium"),
    downloadFiles: rows("download")
      .map(([path, measures]) => ({ path, downloads: measures.downloads }))
      .sort((a, b) => b.downloads - a.downloads),
    downloadSources: rows("download-source")
      .map(([source, measures]) => ({ source, downloads: measures.downloads }))
      .sort((a, b) => b.downloads - a.downloads),
    devices: devices.map((device) => {
      const { pageviews, visitors } = devicesSeen?.get(device) ?? zero;
      return { device, pageviews, visitors };
    }),
    days: Array.from({ length: days }, (_, i) => {
      const date = addDays(from, i);
      return {
        date,
        ...(byDay.get(date) ?? zero),
        visitEnquiries: visitEnquiriesByDay.get(date) ?? 0,
      };
    }),
  };
}

/** The table per day: the dashboard's, the CSV's and the command line's. */
export const dayColumns = [
  ["Date", (day) => day.date],
  ["Visitors", (day) => day.visitors],
  ["Page views", (day) => day.pageviews],
  ["Visits", (day) => day.visits],
  ["Enquiries", (day) => day.enquiries],
  ["Conversion", (day) => conversion(day.visitEnquiries, day.visits)],
  ["Downloads", (day) => day.downloads],
] as const satisfies readonly [string, (day: InsightsReport["days"][number]) => string | number][];

/** The report's other tables, the dashboard's and the command line's, each up to `top` rows. */
export function reportTables(report: InsightsReport, top = Number.POSITIVE_INFINITY) {
  const byOrigin: { [Key in Origin]: (Record<Key, string> & VisitRow)[] } = {
    source: report.sources,
    campaign: report.campaigns,
    medium: report.mediums,
  };
  /** Visits by one of their origins (`key`, also the first column), with their enquiries. */
  const visitTable = <Key extends Origin>(key: Key, title: string, about: string) => ({
    title,
    caption: `${about}, with their enquiries`,
    head: [`${key.charAt(0).toUpperCase()}${key.slice(1)}`, "Visits", "Enquiries", "Conversion"],
    rows: byOrigin[key]
      .slice(0, top)
      .map((row) => [
        row[key],
        ...[row.visits, row.enquiries].map(number),
        conversion(row.enquiries, row.visits),
      ]),
  });
  const deviceViews = report.devices.reduce((sum, device) => sum + device.pageviews, 0);
  return [
    {
      title: "Top pages",
      caption:
        "Pages by page views; visits, enquiries and conversion of visits that came in on the page",
      head: ["Page", "Page views", "Visitors", "Visits (entry)", "Enquiries", "Conversion"],
      rows: report.pages
        .slice(0, top)
        .map((page) => [
          page.path,
          ...[page.pageviews, page.visitors, page.visits, page.enquiries].map(number),
          conversion(page.enquiries, page.visits),
        ]),
    },
    visitTable("source", "Top sources", "Where visits came from (referring site or utm_source)"),
    visitTable("campaign", "Campaigns", "Visits tagged with utm_campaign"),
    visitTable("medium", "Mediums", "Mediums of visits (utm_medium)"),
    {
      title: "Downloads",
      caption: "Datasheets and documents by downloads",
      head: ["File", "Downloads"],
      rows: report.downloadFiles.slice(0, top).map((file) => [file.path, number(file.downloads)]),
    },
    {
      title: "Download sources",
      caption:
        "Where downloads came from: our page that linked the file, another site, or utm_source",
      head: ["Source", "Downloads"],
      rows: report.downloadSources.slice(0, top).map((row) => [row.source, number(row.downloads)]),
    },
    {
      title: "Devices",
      caption: "Page views and visitors by device",
      head: ["Device", "Page views", "Share of page views", "Visitors"],
      rows: report.devices.map((device) => [
        device.device,
        number(device.pageviews),
        deviceViews > 0 ? `${((100 * device.pageviews) / deviceViews).toFixed(0)}%` : "–",
        number(device.visitors),
      ]),
    },
  ];
}
