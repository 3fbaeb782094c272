import { loadConfigOrExit } from "../config";
import {
  type ComparedReport,
  conversion,
  conversionNote,
  dayColumns,
  keyFigures,
  keyFigureTable,
  periodTotals,
  readComparedReport,
  reportTables,
} from "../insights/insights-report";
import { openEnquiryStore } from "../store/open-enquiry-store";
import { labelsPerDay } from "../store/schema";
import { fail, parseOrExit, textTable } from "./listing";

// `npm run insights -- --days N [--json]`: the /admin/insights dashboard's figures for
// operators, read from the store DATABASE_URL names: the key figures against the N days before,
// then each list its first labelsPerDay values and its total.
const usage = `Usage: npm run insights -- [--days N] [--json]
  --days N   the last N days, today (UTC) included; 1 to 1000, 30 unless given
  --json     the report as JSON instead of tables
Each list shows its first ${labelsPerDay} values, then the total of them all.`;

function parse(argv: string[]) {
  const options = { days: { type: "string", default: "30" }, json: { type: "boolean" } } as const;
  const { values } = parseOrExit({ args: argv, options }, usage);
  const days = Number(values.days);
  if (!/^\d+$/.test(values.days) || days < 1 || days > 1000) {
    fail(`--days takes a whole number from 1 to 1000\n\n${usage}`);
  }
  return { days, json: values.json === true };
}

const table = (title: string, rows: (string | number)[][]) =>
  [
    `\n${title}`,
    ...textTable(
      rows.map((row) => row.map(String)),
      true,
    ),
  ].join("\n");

/** The report as tables an operator reads in a terminal, the dashboard's own. */
const insightsAsText = ({ report, previous }: ComparedReport) =>
  [
    `Insights ${report.from} to ${report.to} (UTC): ${report.pageviews} page views, ` +
      `${report.visitors} visitors, ${report.visits} visits, ${report.enquiries} enquiries ` +
      `(${report.converted} visits sent an enquiry: conversion ${conversion(report.converted, report.visits)}), ${report.held} held by the bot check`,
    conversionNote,
    ...(report.pageviews === 0
      ? ["No page views counted: are the pages served by this service (and INSIGHTS not off)?"]
      : []),
    table("Key figures", keyFigureTable({ report, previous })),
    table("Days", [
      dayColumns.map(([name]) => name),
      ...report.days.map((day) => dayColumns.map(([, value]) => value(day))),
    ]),
    ...reportTables(report).map(({ title, head, rows }) =>
      table(title, rows.length ? [head, ...rows] : [head, ["(none)"]]),
    ),
  ].join("\n");

const { days, json } = parse(process.argv.slice(2));
const store = await openEnquiryStore(loadConfigOrExit().databaseUrl);
try {
  const compared = await readComparedReport(store.insights, { days });
  // The JSON: the report, with the previous period's totals and each key figure's change.
  const { previous } = compared;
  const asJson = {
    ...compared.report,
    previous: { from: previous.from, to: previous.to, ...periodTotals(previous) },
    keyFigures: keyFigures(compared),
  };
  process.stdout.write(`${json ? JSON.stringify(asJson, null, 2) : insightsAsText(compared)}\n`);
} finally {
  await store.close();
}
