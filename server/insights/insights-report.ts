import { addDays, dayOf } from "../days";
import type { InsightsStore, Measure, Measures } from "../store/insights-store";
import { devices, labelsPerDay, noCounts as zero } from "../store/schema";

type VisitRow = { visits: number; enquiries: number; converted: number };
/** Where a visit came from, as the report splits visits. */
type Origin = "source" | "campaign" | "medium";

/** The last `days` UTC days, each listed; pages by page views, the rest by visits. */
export type InsightsReport = Awaited<ReturnType<typeof readInsightsReport>>;

/** Visits that sent at least one enquiry ÷ visits, as a percentage, "–" without visits. */
export const conversion = (converted: number, visits: number) =>
  visits > 0 ? `${((100 * converted) / visits).toFixed(1)}%` : "–";

/** How conversion is counted, where the dashboard and the command line show it. */
export const conversionNote =
  "Conversion: the share of visits that sent an enquiry, each visit counted once however many it sent. Enquiries also counts those that came with no counted visit (from pages served elsewhere, or a visitor who asked not to be tracked).";

export const number = (n: number) => n.toLocaleString("en-ZA");

const add = (sum: Measures, more: Measures) => {
  for (const key of Object.keys(zero) as Measure[]) sum[key] += more[key];
  return sum;
};

/**
 * A period's sums of its days' counts, and the sends the bot check held in it (decision 0039:
 * stored, but neither enquiries nor conversion).
 */
const sumsOf = (
  totals: Awaited<ReturnType<InsightsStore["readDays"]>>,
  heldDays: Awaited<ReturnType<InsightsStore["readHeld"]>>,
) => ({
  ...totals.reduce((sum, day) => add(sum, day), { ...zero }),
  held: heldDays.reduce((sum, { held }) => sum + held, 0),
});

/**
 * From the daily counts, added up by the store: a hash changes daily, so a range's visitors are
 * the sum of its days'. Each dimension lists its first `top` values (as many as a day keeps
 * unless told), with the sums of them all.
 */
export async function readInsightsReport(
  store: InsightsStore,
  { days, today = new Date(), top = labelsPerDay }: { days: number; today?: Date; top?: number },
) {
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`days must be a whole number of at least 1, not ${days}`);
  }
  const to = dayOf(today);
  const from = addDays(to, 1 - days);
  const range = { from, to, top };
  const byVisits: Measure[] = ["visits", "enquiries"];
  const [totals, pages, entryPages, sources, campaigns, mediums, files, fileSources, devicesSeen] =
    await Promise.all([
      store.readDays(from, to),
      store.readTop("page", { ...range, order: ["pageviews", ...byVisits] }),
      store.readTop("page", { ...range, order: byVisits }),
      store.readTop("source", { ...range, order: byVisits }),
      store.readTop("campaign", { ...range, order: byVisits }),
      store.readTop("medium", { ...range, order: byVisits }),
      store.readTop("download", { ...range, order: ["downloads"] }),
      store.readTop("download-source", { ...range, order: ["downloads"] }),
      store.readTop("device", { ...range, order: ["pageviews"] }),
    ]);
  const heldDays = await store.readHeld(from, to);
  const byDay = new Map(totals.map(({ day, ...measures }) => [day, measures]));
  const visitRows = <Key extends Origin>(key: Key, read: typeof sources) =>
    read.rows.map(
      ({ value, visits, enquiries, converted }) =>
        ({ [key]: value, visits, enquiries, converted }) as Record<Key, string> & VisitRow,
    );
  return {
    from,
    to,
    ...sumsOf(totals, heldDays),
    pages: pages.rows.map(({ value, ...measures }) => ({ path: value, ...measures })),
    /** The pages visits came in on, by visits. */
    entryPages: entryPages.rows
      .filter((row) => row.visits > 0)
      .map(({ value, visits, enquiries, converted }) => ({
        path: value,
        visits,
        enquiries,
        converted,
      })),
    sources: visitRows("source", sources),
    campaigns: visitRows("campaign", campaigns),
    mediums: visitRows("medium", mediums),
    downloadFiles: files.rows.map(({ value, downloads }) => ({ path: value, downloads })),
    downloadSources: fileSources.rows.map(({ value, downloads }) => ({ source: value, downloads })),
    devices: devices.map((device) => {
      const { pageviews, visitors } = devicesSeen.rows.find((row) => row.value === device) ?? zero;
      return { device, pageviews, visitors };
    }),
    /** Of every value of each list, shown or not: how many there are and their sums. */
    all: {
      pages: pages.all,
      sources: sources.all,
      campaigns: campaigns.all,
      mediums: mediums.all,
      downloadFiles: files.all,
      downloadSources: fileSources.all,
    },
    days: Array.from({ length: days }, (_, i) => {
      const date = addDays(from, i);
      return { date, ...(byDay.get(date) ?? zero) };
    }),
  };
}

/** Days from `from` to `to`, both included. */
export const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The sums of the days from `from` to `to`, both included, and the sends held in them. */
export async function readPeriodTotals(store: InsightsStore, from: string, to: string) {
  const [totals, heldDays] = await Promise.all([
    store.readDays(from, to),
    store.readHeld(from, to),
  ]);
  return { from, to, ...sumsOf(totals, heldDays) };
}

/**
 * A report beside the previous period of the same length (the days just before it). The key
 * figures compare sums only, so of the previous period only its sums are read, counted as
 * readInsightsReport counts them.
 */
export async function readComparedReport(
  store: InsightsStore,
  options: { days: number; today?: Date; top?: number },
) {
  const report = await readInsightsReport(store, options);
  const to = addDays(report.from, -1);
  const previous = await readPeriodTotals(store, addDays(to, 1 - options.days), to);
  return { report, previous };
}

/** A period's sums over its days, and its held sends. */
export const periodTotals = (period: Measures & { held: number }) => ({
  ...(Object.fromEntries((Object.keys(zero) as Measure[]).map((m) => [m, period[m]])) as Measures),
  held: period.held,
});

export type ComparedReport = Awaited<ReturnType<typeof readComparedReport>>;

/** A key figure in both periods, and how it changed. */
export type KeyFigure = {
  name: string;
  now: string;
  before: string;
  change: string;
  /** A fall is good news (a shorter first reply), where for counts a rise is. */
  lowerIsBetter?: boolean;
};

/** A change in words, safe in a spreadsheet cell: "up 12%", "down 3.5 pp", "no change". */
const changed = (by: number, digits: number, unit: string) => {
  const size = Math.abs(by).toFixed(digits);
  if (Number(size) === 0) return "no change";
  return `${by > 0 ? "up" : "down"} ${size}${unit}`;
};

/** The change of a count: in per cent of the previous period's, "new" where it had none. */
export function countChange(now: number, before: number) {
  if (before === 0) return now === 0 ? "no change" : "new";
  return changed((100 * (now - before)) / before, 0, "%");
}

/** The change of conversion, in percentage points; "–" where either period had no visits. */
export function conversionChange(now: Measures, before: Measures) {
  if (now.visits === 0 || before.visits === 0) return "–";
  const points = 100 * (now.converted / now.visits - before.converted / before.visits);
  return changed(points, 1, " pp");
}

/** Visitors, visits, enquiries and conversion, each beside the previous period's. */
export function keyFigures({ report, previous }: ComparedReport): KeyFigure[] {
  const count = (name: string, measure: Measure) => ({
    name,
    now: number(report[measure]),
    before: number(previous[measure]),
    change: countChange(report[measure], previous[measure]),
  });
  return [
    count("Visitors", "visitors"),
    count("Visits", "visits"),
    count("Enquiries", "enquiries"),
    {
      name: "Conversion",
      now: conversion(report.converted, report.visits),
      before: conversion(previous.converted, previous.visits),
      change: conversionChange(report, previous),
    },
  ];
}

/** The key figures as a table: the dashboard's figures CSV and the command line's. */
export const keyFigureTable = (compared: ComparedReport, more: KeyFigure[] = []) => [
  [
    "Figure",
    `${compared.report.from} to ${compared.report.to}`,
    `${compared.previous.from} to ${compared.previous.to}`,
    "Change",
  ],
  ...[...keyFigures(compared), ...more].map((f) => [f.name, f.now, f.before, f.change]),
];

/** The table per day: the dashboard's, the CSV's and the command line's. */
export const dayColumns = [
  ["Date", (day) => day.date],
  ["Visitors", (day) => day.visitors],
  ["Page views", (day) => day.pageviews],
  ["Visits", (day) => day.visits],
  ["Enquiries", (day) => day.enquiries],
  ["Visits that sent an enquiry", (day) => day.converted],
  ["Conversion", (day) => conversion(day.converted, day.visits)],
  ["Downloads", (day) => day.downloads],
] as const satisfies readonly [string, (day: InsightsReport["days"][number]) => string | number][];

/** The first cell of a list's last row: its sums over every value, listed or not. */
const totalOf = ({ values }: { values: number }) =>
  `Total of ${number(values)} ${values === 1 ? "value" : "values"}`;

/** The report's other tables, the dashboard's and the command line's, each with its total. */
export function reportTables(report: InsightsReport) {
  const byOrigin: { [Key in Origin]: (Record<Key, string> & VisitRow)[] } = {
    source: report.sources,
    campaign: report.campaigns,
    medium: report.mediums,
  };
  const allOf = {
    source: report.all.sources,
    campaign: report.all.campaigns,
    medium: report.all.mediums,
  };
  const visitCells = (row: VisitRow) => [
    ...[row.visits, row.enquiries].map(number),
    conversion(row.converted, row.visits),
  ];
  /** Visits by one of their origins (`key`, also the first column), with their enquiries. */
  const visitTable = <Key extends Origin>(key: Key, title: string, about: string) => ({
    key: `${key}s`,
    title,
    caption: `${about}, with their enquiries and the share of visits that sent one`,
    head: [`${key.charAt(0).toUpperCase()}${key.slice(1)}`, "Visits", "Enquiries", "Conversion"],
    rows: [
      ...byOrigin[key].map((row) => [row[key], ...visitCells(row)]),
      [totalOf(allOf[key]), ...visitCells(allOf[key])],
    ],
  });
  const pageCells = (page: Measures) => [
    ...[page.pageviews, page.visitors, page.visits, page.enquiries].map(number),
    conversion(page.converted, page.visits),
  ];
  const deviceViews = report.devices.reduce((sum, device) => sum + device.pageviews, 0);
  return [
    visitTable("source", "Top sources", "Where visits came from (referring site or utm_source)"),
    {
      key: "entryPages",
      title: "Entry pages",
      caption:
        "Pages visits came in on, with their enquiries and the share of visits that sent one",
      head: ["Page", "Visits", "Enquiries", "Conversion"],
      rows: [
        ...report.entryPages.map((page) => [page.path, ...visitCells(page)]),
        ["All entry pages", ...visitCells(report.all.pages)],
      ],
    },
    {
      key: "downloads",
      title: "Downloads",
      caption: "Datasheets and documents by downloads",
      head: ["File", "Downloads"],
      rows: [
        ...report.downloadFiles.map((file) => [file.path, number(file.downloads)]),
        [totalOf(report.all.downloadFiles), number(report.all.downloadFiles.downloads)],
      ],
    },
    {
      key: "pages",
      title: "Top pages",
      caption:
        "Pages by page views; visits, enquiries and conversion of visits that came in on the page",
      head: ["Page", "Page views", "Visitors", "Visits (entry)", "Enquiries", "Conversion"],
      rows: [
        ...report.pages.map((page) => [page.path, ...pageCells(page)]),
        [totalOf(report.all.pages), ...pageCells(report.all.pages)],
      ],
    },
    visitTable("campaign", "Campaigns", "Visits tagged with utm_campaign"),
    visitTable("medium", "Mediums", "Mediums of visits (utm_medium)"),
    {
      key: "downloadSources",
      title: "Download sources",
      caption:
        "Where downloads came from: our page that linked the file, another site, or utm_source",
      head: ["Source", "Downloads"],
      rows: [
        ...report.downloadSources.map((row) => [row.source, number(row.downloads)]),
        [totalOf(report.all.downloadSources), number(report.all.downloadSources.downloads)],
      ],
    },
    {
      key: "devices",
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
