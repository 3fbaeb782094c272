import { parseArgs } from "node:util";
import { loadConfigOrExit } from "../config";
import {
  conversion,
  type InsightsReportWithMediums,
  readInsightsReport,
} from "../insights/insights-report";
import { openEnquiryStore } from "../store/open-enquiry-store";

// `npm run insights -- --days N [--json]`: the figures of the /admin/insights dashboard for
// operators, read from the store DATABASE_URL names, as `npm run enquiries` reads it.
const usage = `Usage: npm run insights -- [--days N] [--json]
  --days N   the last N days, today (UTC) included; 1 to 1000, 30 unless given
  --json     the report as JSON instead of tables`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function parse(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { days: { type: "string", default: "30" }, json: { type: "boolean" } },
    });
    const days = Number(values.days);
    if (!/^\d+$/.test(values.days) || days < 1 || days > 1000) {
      fail(`--days takes a whole number from 1 to 1000\n\n${usage}`);
    }
    return { days, json: values.json === true };
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
}

function table(title: string, header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const lines = cells.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  "),
  );
  return [title, ...lines, ...(rows.length === 0 ? ["(none)"] : [])].join("\n");
}

/** The report as tables an operator reads in a terminal. */
function insightsAsText(report: InsightsReportWithMediums): string {
  const visitHeader = ["visits", "enquiries", "conversion"];
  /** A table of visits and enquiries by `key` (source, campaign or medium). */
  const visitTable = <K extends string>(
    title: string,
    key: K,
    rows: (Record<K, string> & { visits: number; enquiries: number })[],
  ) =>
    table(
      `\n${title}`,
      [key, ...visitHeader],
      rows.map((row) => [
        row[key],
        row.visits,
        row.enquiries,
        conversion(row.enquiries, row.visits),
      ]),
    );
  return [
    `Insights ${report.from} to ${report.to} (UTC): ${report.pageviews} page views, ` +
      `${report.visitors} visitors, ${report.visits} visits, ${report.enquiries} enquiries ` +
      `(conversion ${conversion(report.enquiries, report.visits)})`,
    ...(report.pageviews === 0
      ? ["No page views counted: are the pages served by this service (and INSIGHTS not off)?"]
      : []),
    table(
      "\nDays",
      ["date", "page views", "visitors", "visits", "enquiries"],
      report.days.map((d) => [d.date, d.pageviews, d.visitors, d.visits, d.enquiries]),
    ),
    table(
      "\nPages (visits and enquiries by entry page)",
      ["page", "page views", "visitors", ...visitHeader],
      report.pages.map((p) => [
        p.path,
        p.pageviews,
        p.visitors,
        p.visits,
        p.enquiries,
        conversion(p.enquiries, p.visits),
      ]),
    ),
    visitTable("Sources", "source", report.sources),
    visitTable("Campaigns (utm_campaign)", "campaign", report.campaigns),
    visitTable("Mediums (utm_medium)", "medium", report.mediums),
    table(
      "\nDevices",
      ["device", "page views", "visitors"],
      report.devices.map((d) => [d.device, d.pageviews, d.visitors]),
    ),
  ].join("\n");
}

const { days, json } = parse(process.argv.slice(2));
const config = loadConfigOrExit();
const store = await openEnquiryStore(config.databaseUrl);
try {
  const report = await readInsightsReport(store.insights, { days });
  process.stdout.write(`${json ? JSON.stringify(report, null, 2) : insightsAsText(report)}\n`);
} finally {
  await store.close();
}
