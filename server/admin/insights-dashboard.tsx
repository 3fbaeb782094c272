import { readFileSync } from "node:fs";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scalePoint } from "@visx/scale";
import { LinePath } from "@visx/shape";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { csvLine } from "../csv";
import { tapsTable } from "../insights/contact-taps";
import {
  conversion,
  conversionNote,
  dayColumns,
  type InsightsReport,
  number,
  readInsightsReport,
  reportTables,
} from "../insights/insights-report";
import type { PluginOptions } from "../plugin-options";
import { renderedAdminPagePolicy } from "../site/content-security-policy";
import { securityHeaders, signedInOpenerPolicy } from "../site/security-headers";
import { signInPaths } from "../staff/sign-in-pages";
import type { StaffSessions } from "../staff/staff-sessions";

// The company's dashboard at /admin/insights, rendered on the server into plain HTML and SVG:
// it runs no script, and nothing of it reaches the public pages.

const dashboardRanges = [7, 30, 90] as const;
type DashboardRange = (typeof dashboardRanges)[number];

/** Said when nothing was counted: the pages may be served by a static host instead of us. */
export const nothingCounted = "No page views counted: are the pages served by this service?";

const topRows = 10;

// Allowed by the page's policy by its hash.
const stylesheet = readFileSync(new URL("./insights-dashboard.css", import.meta.url), "utf8");

// The chart: drawn by visx at one size the page scales, the table below holding its figures.
const width = 400;
const height = 220;
const margin = { top: 12, right: 28, bottom: 32, left: 44 };
const innerWidth = width - margin.left - margin.right;
const innerHeight = height - margin.top - margin.bottom;
const ink = "#1f2937";

/** The two series; the dash tells them apart without colour. */
const chartSeries = [
  { key: "pageviews", label: "Page views", colour: "#1d4ed8", dash: undefined },
  { key: "visitors", label: "Visitors", colour: "#b45309", dash: "6 4" },
] as const;

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-ZA", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

function InsightsChart({ report }: { report: InsightsReport }) {
  const { days } = report;
  const x = scalePoint({ domain: days.map((day) => day.date), range: [0, innerWidth] });
  const top = Math.max(4, ...days.map((day) => Math.max(day.pageviews, day.visitors)));
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: true });
  const last = days.length - 1;
  const dateTicks = [0, Math.round(last / 3), Math.round((2 * last) / 3), last].map(
    (i) => days[i]?.date ?? "",
  );
  const busiest = days.reduce((best, day) => (day.pageviews > best.pageviews ? day : best));
  const tickLabel = { fill: ink, fontSize: 14, fontFamily: "inherit" };
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="chart-title chart-desc"
      className="chart"
    >
      <title id="chart-title">Visitors and page views per day</title>
      <desc id="chart-desc">
        {`${report.pageviews} page views and ${report.visitors} visitors from ${shortDate(report.from)} to ${shortDate(report.to)}`}
        {busiest.pageviews > 0
          ? `; the busiest day was ${shortDate(busiest.date)}, with ${busiest.pageviews} page views.`
          : "."}
      </desc>
      <Group left={margin.left} top={margin.top}>
        {y.ticks(4).map((tick) => (
          <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke="#d1d5db" />
        ))}
        {chartSeries.map((series) => (
          <LinePath
            key={series.key}
            data={days}
            x={(day) => x(day.date) ?? 0}
            y={(day) => y(day[series.key])}
            stroke={series.colour}
            strokeWidth={2.5}
            strokeDasharray={series.dash}
            fill="none"
          />
        ))}
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(value) => String(Number(value))}
          stroke={ink}
          tickStroke={ink}
          tickLabelProps={tickLabel}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={[...new Set(dateTicks)]}
          tickFormat={shortDate}
          stroke={ink}
          tickStroke={ink}
          tickLabelProps={tickLabel}
        />
      </Group>
    </svg>
  );
}

type TableProps = { id: string; caption: string; head: string[]; rows: ReactNode[][] };

/** A table that scrolls sideways on a phone, reachable and scrollable by keyboard. */
function Table({ id, caption, head, rows }: TableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus.
    <section className="scroll" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...cells]) => (
            <tr key={String(first)}>
              <th scope="row">{first}</th>
              {cells.map((cell, c) => (
                <td key={head[c + 1]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Taps = ReturnType<typeof tapsTable>;

function Dashboard(props: { report: InsightsReport; days: DashboardRange; taps: Taps }) {
  const { report, days, taps } = props;
  const totals = [
    ["Visitors", number(report.visitors)],
    ["Page views", number(report.pageviews)],
    ["Visits", number(report.visits)],
    ["Enquiries", number(report.enquiries)],
    ["Held by the bot check", number(report.held)],
    ...taps.totals.map(([name, value]) => [name, number(value)]),
    ["Conversion", conversion(report.visitEnquiries, report.visits)],
  ];
  return (
    <>
      <header>
        <h1>Insights</h1>
        <p>
          {`${shortDate(report.from)} to ${shortDate(report.to)} (UTC days). Counted on the server, without cookies or scripts.`}
        </p>
        <nav aria-label="Period">
          <ul>
            {dashboardRanges.map((range) => (
              <li key={range}>
                <a href={`?days=${range}`} aria-current={range === days ? "page" : undefined}>
                  {`Last ${range} days`}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <form method="post" action={signInPaths.signOut}>
          <button type="submit">Sign out</button>
        </form>
      </header>
      <main>
        {report.pageviews > 0 ? null : <p className="notice">{nothingCounted}</p>}
        <dl className="totals">
          {totals.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p>{conversionNote}</p>

        <h2 id="per-day">Visitors and page views per day</h2>
        <ul className="legend">
          {chartSeries.map(({ key, label, colour, dash }) => (
            <li key={key}>
              <svg viewBox="0 0 32 12" aria-hidden="true">
                <path d="M0 6H32" stroke={colour} strokeWidth="2.5" strokeDasharray={dash} />
              </svg>
              {label}
            </li>
          ))}
        </ul>
        <InsightsChart report={report} />
        <p>
          <a href={`insights.csv?days=${days}`} download>
            {`Download the days as CSV (${days} days)`}
          </a>
        </p>
        <Table
          id="days-table"
          caption="Per day: visitors, page views, visits, enquiries, conversion (enquiries with a counted visit ÷ visits) and downloads"
          head={dayColumns.map(([name]) => name)}
          rows={[...report.days].reverse().map((day) => dayColumns.map(([, value]) => value(day)))}
        />
        <h2>Enquiries, phone and WhatsApp taps</h2>
        <Table
          id="taps-table"
          caption="Enquiries and taps on the phone and WhatsApp links per day, by where they were tapped"
          head={taps.head}
          rows={taps.rows}
        />
        {reportTables(report, topRows).map(({ title, ...table }) => (
          <Fragment key={title}>
            <h2>{title}</h2>
            <Table id={`${title.toLowerCase().replace(/\W+/g, "-")}-table`} {...table} />
          </Fragment>
        ))}
      </main>
    </>
  );
}

const htmlPage = (title: string, body: ReactNode) =>
  `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own fixed stylesheet. */}
        <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
      </head>
      <body>{body}</body>
    </html>,
  )}`;

/** What someone who is not signed in sees instead. */
const signInPage = htmlPage(
  "Sign in: Insights",
  <main>
    <h1>Insights</h1>
    <p>
      The insights are for the company's staff. <a href={signInPaths.email}>Sign in</a>
    </p>
  </main>,
);

const offered = `use ${dashboardRanges.join(", ").replace(/, (\d+)$/, " or $1")}`;
const rangeQuery = z.object({
  days: z.coerce.number(offered).pipe(z.literal(dashboardRanges, offered)).default(30),
});

/** /admin/insights and its table per day as CSV, for signed-in staff, cached by nobody. */
export const insightsDashboardPlugin: FastifyPluginAsync<
  PluginOptions & { sessions: StaffSessions }
> = async (app, { config, store, sessions }) => {
  const headers = {
    ...securityHeaders(config),
    ...signedInOpenerPolicy,
    "cache-control": "no-store",
    "x-robots-tag": "noindex",
  };
  const sendHtml = (reply: FastifyReply, html: string) =>
    reply
      .header("content-security-policy", renderedAdminPagePolicy(html))
      .type("text/html; charset=utf-8")
      .send(html);

  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers);
    if (await sessions.allows(request)) return;
    reply.code(401);
    if (request.url.startsWith("/admin/insights.csv"))
      return reply.send({ error: "sign_in_required" });
    return sendHtml(reply, signInPage);
  });

  /** The report for ?days=, or a 400 naming the problem. */
  async function report(query: unknown) {
    const parsed = rangeQuery.safeParse(query);
    if (!parsed.success) {
      return {
        problem: { error: "bad_days", message: `days: ${parsed.error.issues[0]?.message}` },
      };
    }
    const { days } = parsed.data;
    const read = await readInsightsReport(store.insights, { days });
    const taps = tapsTable(read.days, await store.insights.readTaps(read.from, read.to));
    return { days, report: read, taps };
  }

  app.get("/insights", async (request, reply) => {
    const { days, report: read, taps, problem } = await report(request.query);
    if (!read || !taps) return reply.code(400).send(problem);
    return sendHtml(
      reply,
      htmlPage("Insights", <Dashboard report={read} days={days} taps={taps} />),
    );
  });

  app.get("/insights.csv", async (request, reply) => {
    const { report: read, problem } = await report(request.query);
    if (!read) return reply.code(400).send(problem);
    const rows = read.days.map((day) => dayColumns.map(([, value]) => value(day)));
    const file = `insights-${read.from}-to-${read.to}.csv`;
    return reply
      .header("content-disposition", `attachment; filename="${file}"`)
      .type("text/csv; charset=utf-8")
      .send(`${[dayColumns.map(([name]) => name), ...rows].map(csvLine).join("\r\n")}\r\n`);
  });
};
