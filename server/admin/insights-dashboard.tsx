import { readFileSync } from "node:fs";
import { AxisBottom, AxisLeft, AxisRight } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ReactNode } from "react";
import { z } from "zod";
import { csvLine } from "../csv";
import { dayOf } from "../days";
import { tapsByPlace, tapsTable } from "../insights/contact-taps";
import {
  type ComparedReport,
  conversionNote,
  dayColumns,
  daysFrom,
  type InsightsReport,
  type KeyFigure,
  keyFigures,
  keyFigureTable,
  number,
  readComparedReport,
  reportTables,
} from "../insights/insights-report";
import {
  asTable,
  firstReplyNote,
  funnelColumns,
  funnelNote,
  type ReplyFigures,
  type ReplyWeek,
  readReplyFigures,
  replyWeekColumns,
} from "../insights/reply-figures";
import type { PluginOptions } from "../plugin-options";
import { businessClock, businessTime } from "../reply-clock/business-hours";
import { renderedAdminPagePolicy } from "../site/content-security-policy";
import { securityHeaders, signedInOpenerPolicy } from "../site/security-headers";
import { signInPaths } from "../staff/sign-in-pages";
import type { StaffSessions } from "../staff/staff-sessions";
import { staffHtml } from "../staff-page";
import { siteFont } from "./site-font";

type Taps = ReturnType<typeof tapsByPlace>;
type TapsPerDay = ReturnType<typeof tapsTable>;

// The company's dashboard at /admin/insights, rendered on the server into plain HTML and SVG:
// it runs no script, and nothing of it reaches the public pages. Decision 0046: key figures
// against the previous period first, one wide chart, the lists side by side, the days as a table
// on request.

const dashboardRanges = [7, 30, 90] as const;
/** The longest range asked for by dates: as long as the command line's. */
const longestRange = 1000;

/** Said when nothing was counted: the pages may be served by a static host instead of us. */
export const nothingCounted = "No page views counted: are the pages served by this service?";

/** Each table's first rows, then its total. */
const topRows = 10;

// Allowed by the page's policy by its hash.
const stylesheet = readFileSync(new URL("./insights-dashboard.css", import.meta.url), "utf8");

const ink = "#1f2937";
/** Visits as bars, enquiries as a line with markers: told apart by shape, not only colour. */
const visitsColour = "#2563eb";
const enquiriesColour = "#b45309";

/** The chart drawn twice, wide and narrow, the stylesheet showing the one that fits. */
const chartSizes = {
  wide: { width: 960, height: 300, dateTicks: 6, fontSize: 13 },
  narrow: { width: 360, height: 260, dateTicks: 3, fontSize: 13 },
} as const;
type ChartSize = keyof typeof chartSizes;
const margin = { top: 32, right: 44, bottom: 32, left: 44 };

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-ZA", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

/** A scale and its axis; in a measure's colour, and named above, where it is that measure's alone. */
type ValueAxis = { max: number; format: (value: number) => string; colour?: string; name?: string };

/**
 * Bars and a line with markers over days or weeks, in the frame both charts share: title and
 * description, grid, the bars' scale on the left, the line's own scale (if it has one) on the
 * right, the dates below.
 */
function BarLineChart(props: {
  id: string;
  size: ChartSize;
  height: number;
  title: string;
  description: string;
  keys: string[];
  padding: number;
  dates: string[];
  points: { key: string; bar: number; line: number }[];
  bars: { colour: string; axis: ValueAxis };
  line: { colour: string; marker: "circle" | "square"; axis?: ValueAxis };
}) {
  const { id, size, height, points, bars, line } = props;
  const { width, fontSize } = chartSizes[size];
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand({ domain: props.keys, range: [0, innerWidth], padding: props.padding });
  const scaleOf = ({ max }: ValueAxis) =>
    scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const left = scaleOf(bars.axis);
  const right = line.axis ? scaleOf(line.axis) : left;
  const middle = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  const label = { fill: ink, fontSize, fontFamily: "inherit" };
  /** An axis drawn in ink, its tick labels as given. */
  const inked = (tickLabelProps: typeof label & { fontWeight?: number }) => ({
    stroke: ink,
    tickStroke: ink,
    tickLabelProps,
  });
  const axisProps = (axis: ValueAxis, scale: typeof left) => ({
    scale,
    numTicks: 4,
    tickFormat: (value: { valueOf(): number }) => axis.format(Number(value)),
    ...inked(axis.colour ? { ...label, fill: axis.colour, fontWeight: 600 } : label),
  });
  const [titleId, descId] = [`${id}-title-${size}`, `${id}-desc-${size}`];
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      className={`chart chart-${size}`}
    >
      <title id={titleId}>{props.title}</title>
      <desc id={descId}>{props.description}</desc>
      <Group left={margin.left} top={margin.top}>
        <GridRows scale={left} width={innerWidth} numTicks={4} stroke="#e5e7eb" />
        {points.map((point) => (
          <Bar
            key={point.key}
            x={x(point.key)}
            y={left(point.bar)}
            width={x.bandwidth()}
            height={innerHeight - left(point.bar)}
            fill={bars.colour}
          />
        ))}
        <LinePath
          data={points}
          x={(point) => middle(point.key)}
          y={(point) => right(point.line)}
          stroke={line.colour}
          strokeWidth={2.5}
          fill="none"
        />
        {points.map((point) =>
          line.marker === "circle" ? (
            <circle
              key={point.key}
              cx={middle(point.key)}
              cy={right(point.line)}
              r={size === "wide" ? 4 : 3}
              fill="#fff"
              stroke={line.colour}
              strokeWidth={2}
            />
          ) : (
            <rect
              key={point.key}
              x={middle(point.key) - 4}
              y={right(point.line) - 4}
              width={8}
              height={8}
              fill="#fff"
              stroke={line.colour}
              strokeWidth={2}
            />
          ),
        )}
        <AxisLeft {...axisProps(bars.axis, left)} />
        {line.axis ? <AxisRight left={innerWidth} {...axisProps(line.axis, right)} /> : null}
        {[
          { axis: bars.axis, x: -margin.left },
          { axis: line.axis, x: innerWidth + margin.right, anchor: "end" as const },
        ].map(({ axis, x, anchor }) =>
          axis?.name ? (
            <text
              key={axis.name}
              x={x}
              y={-16}
              textAnchor={anchor}
              {...label}
              fill={axis.colour}
              fontWeight={600}
            >
              {axis.name}
            </text>
          ) : null,
        )}
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={props.dates}
          tickFormat={shortDate}
          {...inked(label)}
        />
      </Group>
    </svg>
  );
}

/** Visits per day as bars, enquiries as a line with circles, each on its own scale. */
function InsightsChart({ report, size }: { report: InsightsReport; size: ChartSize }) {
  const { height, dateTicks } = chartSizes[size];
  const { days } = report;
  const last = days.length - 1;
  const ticks = Array.from({ length: dateTicks }, (_, i) =>
    Math.round((i * last) / Math.max(1, dateTicks - 1)),
  ).map((i) => days[i]?.date ?? "");
  const busiest = days.reduce((best, day) => (day.visits > best.visits ? day : best));
  // A count's scale goes to 4 at least, so that a quiet period's ticks are whole numbers.
  const counted = (measure: "visits" | "enquiries", colour: string, name: string) => ({
    colour,
    axis: { max: Math.max(4, ...days.map((day) => day[measure])), format: String, colour, name },
  });
  return (
    <BarLineChart
      id="chart"
      size={size}
      height={height}
      title="Visits and enquiries per day"
      description={`${number(report.visits)} visits and ${number(report.enquiries)} enquiries from ${shortDate(report.from)} to ${shortDate(report.to)}${
        busiest.visits > 0
          ? `; the busiest day was ${shortDate(busiest.date)}, with ${number(busiest.visits)} visits. The table below the chart has every day.`
          : "."
      }`}
      keys={days.map((day) => day.date)}
      padding={0.2}
      dates={[...new Set(ticks)]}
      points={days.map((day) => ({ key: day.date, bar: day.visits, line: day.enquiries }))}
      bars={counted("visits", visitsColour, "■ Visits")}
      line={{ ...counted("enquiries", enquiriesColour, "○ Enquiries"), marker: "circle" }}
    />
  );
}

/**
 * A chart's key: a bar for one measure, a line with markers (circles or squares) for the other,
 * each named in words, so the two are told apart by shape as well as colour.
 */
function ChartLegend(props: {
  bar: { colour: string; name: string };
  line: { colour: string; name: string; marker: "circle" | "square" };
}) {
  const { bar, line } = props;
  return (
    <ul className="legend">
      <li>
        <svg viewBox="0 0 16 16" aria-hidden="true">
          <rect x="3" y="2" width="10" height="14" fill={bar.colour} />
        </svg>
        {bar.name}
      </li>
      <li>
        <svg viewBox="0 0 32 16" aria-hidden="true">
          <path d="M0 8H32" stroke={line.colour} strokeWidth="2.5" />
          {line.marker === "circle" ? (
            <circle cx="16" cy="8" r="4" fill="#fff" stroke={line.colour} strokeWidth="2" />
          ) : (
            <rect
              x="12"
              y="4"
              width="8"
              height="8"
              fill="#fff"
              stroke={line.colour}
              strokeWidth="2"
            />
          )}
        </svg>
        {line.name}
      </li>
    </ul>
  );
}

/** The 90th percentile's marker: a square, where the median is a bar. */
const p90Colour = "#6d28d9";
const repliesColour = "#0f766e";

/** First replies by week: the median as bars, the 90th percentile as a line with squares. */
function ReplyChart({ weeks, size }: { weeks: ReplyWeek[]; size: ChartSize }) {
  const answered = weeks.filter((week) => week.p90 !== undefined);
  const every = Math.ceil(weeks.length / (size === "wide" ? 8 : 3));
  const slowest = answered.reduce<ReplyWeek | undefined>(
    (worst, week) => ((week.p90 ?? 0) > (worst?.p90 ?? -1) ? week : worst),
    undefined,
  );
  // In hours: "1.5 h" reads on an axis where "1 h 30 min" would not fit.
  const hours = (minutes: number | undefined) => (minutes ?? 0) / 60;
  return (
    <BarLineChart
      id="replies"
      size={size}
      height={240}
      title="First reply by week, in business hours"
      description={
        slowest
          ? `${answered.length} of ${weeks.length} weeks had replies; the slowest 90th percentile was ${businessTime(slowest.p90 ?? 0)} in the week from ${shortDate(slowest.from)}. The table below the chart has every week.`
          : "No enquiry of the period has had a reply yet."
      }
      keys={weeks.map((week) => week.from)}
      padding={0.3}
      dates={weeks.filter((_, i) => i % every === 0).map((week) => week.from)}
      points={answered.map((week) => ({
        key: week.from,
        bar: hours(week.median),
        line: hours(week.p90),
      }))}
      bars={{
        colour: repliesColour,
        axis: {
          max: Math.max(1, ...weeks.map((week) => hours(week.p90))),
          format: (h) => `${h} h`,
        },
      }}
      line={{ colour: p90Colour, marker: "square" }}
    />
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

/**
 * The row of key figures, each with its change against the previous period: the arrow says
 * which way it went, the colour whether that is good (a shorter first reply is).
 */
export function KeyFigures({ figures, previous }: { figures: KeyFigure[]; previous: string }) {
  return (
    <dl className="figures">
      {figures.map((figure) => (
        <div key={figure.name}>
          <dt>{figure.name}</dt>
          <dd className="now">{figure.now}</dd>
          <dd className="change">
            <span className={changeClass(figure)}>{figure.change}</span>
            {` against ${figure.before} ${previous}`}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Which way a change went, said in words and drawn as an arrow beside them. */
function changeClass({ change, lowerIsBetter }: KeyFigure) {
  const way =
    change.startsWith("up") || change === "new"
      ? "up"
      : change.startsWith("down")
        ? "down"
        : "same";
  if (way === "same") return way;
  return `${way} ${(way === "down") === Boolean(lowerIsBetter) ? "better" : "worse"}`;
}

/** A table's head and rows from its columns. */
const tableOf = <Row,>(
  columns: readonly (readonly [string, (row: Row) => string | number])[],
  rows: Row[],
) => {
  const [head = [], ...cells] = asTable(columns, rows);
  return { head: head.map(String), rows: cells };
};
/** The funnel as the page shows it: each step's count beside its share, so it fits a phone. */
function funnelTable(replies: ReplyFigures) {
  const { rows } = tableOf(funnelColumns, replies.funnel);
  const step = (row: (string | number)[], at: number) => `${row[at]} (${row[at + 1]})`;
  return {
    head: [
      "Source",
      "Visits",
      "Enquiries (per visit)",
      "Contacted (of enquiries)",
      "Won (of enquiries)",
    ],
    rows: rows.map((row) => [row[0], row[1], step(row, 2), step(row, 4), step(row, 6)]),
  };
}
const weekTable = (replies: ReplyFigures) => tableOf(replyWeekColumns, replies.weeks);

/** What the page shows: a range of days ending today, or one asked for by dates. */
type Period = { days: number; range?: { from: string; to: string } };

const periodQuery = ({ days, range }: Period) =>
  range ? `from=${range.from}&to=${range.to}` : `days=${days}`;

function Dashboard(props: {
  compared: ComparedReport;
  period: Period;
  taps: Taps;
  tapsPerDay: TapsPerDay;
  replies: ReplyFigures;
}) {
  const { compared, period, taps, tapsPerDay, replies } = props;
  const { report, previous } = compared;
  const tables = reportTables(report);
  const tableOf = (key: string) => tables.find((table) => table.key === key);
  const sideBySide = ["sources", "entryPages", "downloads"].flatMap((key) => tableOf(key) ?? []);
  const more = tables.filter((table) => !sideBySide.includes(table));
  const query = periodQuery(period);
  return (
    <>
      <header>
        <div className="title">
          <h1>Insights</h1>
          <form method="post" action={signInPaths.signOut}>
            <button type="submit">Sign out</button>
          </form>
        </div>
        <p>
          {`${shortDate(report.from)} to ${shortDate(report.to)} (UTC days), against ${shortDate(previous.from)} to ${shortDate(previous.to)}. Counted on the server, without cookies or scripts.`}
        </p>
        <nav aria-label="Period">
          <ul>
            {dashboardRanges.map((range) => (
              <li key={range}>
                <a
                  href={`?days=${range}`}
                  aria-current={!period.range && range === period.days ? "page" : undefined}
                >
                  {`Last ${range} days`}
                </a>
              </li>
            ))}
          </ul>
          <form method="get" className="range">
            <label>
              From <input type="date" name="from" required defaultValue={report.from} />
            </label>
            <label>
              To <input type="date" name="to" required defaultValue={report.to} />
            </label>
            <button type="submit">Show these days</button>
          </form>
        </nav>
      </header>
      <main>
        {report.pageviews > 0 ? null : <p className="notice">{nothingCounted}</p>}
        <h2 className="visually-hidden">Key figures</h2>
        <KeyFigures
          figures={[...keyFigures(compared), replies.firstReply]}
          previous={`in the ${report.days.length} days before`}
        />
        <p className="small">
          {`${conversionNote} ${firstReplyNote} Also counted: ${number(report.pageviews)} page views; ${number(report.held)} sends held by the bot check, not counted as enquiries.`}
        </p>

        <h2>Visits and enquiries per day</h2>
        <ChartLegend
          bar={{ colour: visitsColour, name: "Visits (bars, left scale)" }}
          line={{
            colour: enquiriesColour,
            name: "Enquiries (line, right scale)",
            marker: "circle",
          }}
        />
        <InsightsChart report={report} size="wide" />
        <InsightsChart report={report} size="narrow" />
        <details>
          <summary>Show as table</summary>
          <Table
            id="days-table"
            caption="Per day: visitors, page views, visits, enquiries, visits that sent an enquiry, conversion (their share of visits) and downloads"
            head={dayColumns.map(([name]) => name)}
            rows={[...report.days]
              .reverse()
              .map((day) => dayColumns.map(([, value]) => value(day)))}
          />
          <Table
            id="taps-per-day-table"
            caption="Enquiries and taps on the phone and WhatsApp links per day, by where they were tapped"
            head={tapsPerDay.head}
            rows={tapsPerDay.rows}
          />
        </details>
        <p>
          <a href={`insights.csv?${query}`} download>
            Download the days as CSV
          </a>
          {" · "}
          <a href={`insights-figures.csv?${query}`} download>
            Download the key figures as CSV
          </a>
        </p>

        <div className="panels">
          {sideBySide.map(({ key, title, ...table }) => (
            <div key={key}>
              <h2>{title}</h2>
              <Table id={`${key}-table`} {...table} />
            </div>
          ))}
          <div>
            <h2>Phone and WhatsApp taps</h2>
            <Table
              id="taps-table"
              caption="Taps on the phone and WhatsApp links, by where they were tapped"
              head={taps.head}
              rows={taps.rows.map((row) =>
                row.map((cell) => (typeof cell === "number" ? number(cell) : cell)),
              )}
            />
          </div>
        </div>
        <h2>Funnel by source</h2>
        <p className="small">{funnelNote}</p>
        <Table
          id="funnel-table"
          caption="Visits, enquiries, contacted and won by source, each with its share of the step before"
          {...funnelTable(replies)}
        />
        <h2>First reply by week</h2>
        <p className="small">{firstReplyNote}</p>
        <ChartLegend
          bar={{ colour: repliesColour, name: "Median (bars)" }}
          line={{
            colour: p90Colour,
            name: "90th percentile (line with squares)",
            marker: "square",
          }}
        />
        <ReplyChart weeks={replies.weeks} size="wide" />
        <ReplyChart weeks={replies.weeks} size="narrow" />
        <details>
          <summary>Show as table</summary>
          <Table
            id="replies-table"
            caption="Per week: enquiries answered, still waiting, and the median and 90th percentile of their first reply in business hours"
            {...weekTable(replies)}
          />
        </details>
        <p>
          <a href={`insights-funnel.csv?${query}`} download>
            Download the funnel as CSV
          </a>
          {" · "}
          <a href={`insights-replies.csv?${query}`} download>
            Download first replies by week as CSV
          </a>
        </p>
        <h2>More detail</h2>
        <div className="panels">
          {more.map(({ key, title, ...table }) => (
            // A table of more than four columns takes the whole row.
            <div key={key} className={table.head.length > 4 ? "wide" : undefined}>
              <h3>{title}</h3>
              <Table id={`${key}-table`} {...table} />
            </div>
          ))}
        </div>
      </main>
    </>
  );
}

type Look = { styles: string; preload?: string };

/** A page in the dashboard's styles, drawn in the site's Inter (siteFont). */
const htmlPage = ({ styles, preload }: Look, title: string, body: ReactNode) =>
  staffHtml({
    title,
    styles,
    head: preload ? (
      <link rel="preload" href={preload} as="font" type="font/woff2" crossOrigin="anonymous" />
    ) : null,
    body,
  });

/** What someone who is not signed in sees instead. */
const signInBody = (
  <main>
    <h1>Insights</h1>
    <p>
      The insights are for the company's staff. <a href={signInPaths.email}>Sign in</a>
    </p>
  </main>
);

const offered = `use ${dashboardRanges.join(", ").replace(/, (\d+)$/, " or $1")}`;
const daysQuery = z.object({
  days: z.coerce.number(offered).pipe(z.literal(dashboardRanges, offered)).default(30),
});
const dayRule = "use a date as YYYY-MM-DD";
const rangeQuery = z
  .object({ from: z.iso.date(dayRule), to: z.iso.date(dayRule) })
  .refine(({ from, to }) => from <= to, "from must not be after to")
  .refine(({ to }) => to <= dayOf(new Date()), "to must not be after today (UTC)")
  .refine(
    ({ from, to }) => daysFrom(from, to) <= longestRange,
    `a range is at most ${longestRange} days`,
  );

/** The period ?days= or ?from=&to= asks for, or a 400's body naming the problem. */
function periodOf(query: Record<string, unknown>): { period: Period } | { problem: object } {
  if (query.from !== undefined || query.to !== undefined) {
    const parsed = rangeQuery.safeParse(query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] ?? "range";
      return { problem: { error: "bad_range", message: `${String(field)}: ${issue?.message}` } };
    }
    const { from, to } = parsed.data;
    return { period: { days: daysFrom(from, to), range: { from, to } } };
  }
  const parsed = daysQuery.safeParse(query);
  if (!parsed.success) {
    return { problem: { error: "bad_days", message: `days: ${parsed.error.issues[0]?.message}` } };
  }
  return { period: { days: parsed.data.days } };
}

/** /admin/insights and its tables as CSV, for signed-in staff, cached by nobody. */
export const insightsDashboardPlugin: FastifyPluginAsync<
  PluginOptions & { sessions: StaffSessions }
> = async (app, { config, store, sessions }) => {
  const font = siteFont(config.siteRoot);
  const clock = businessClock(config.replyClock.hours);
  const look = { styles: `${font.css}${stylesheet}`, preload: font.preload };
  const signInPage = htmlPage(look, "Sign in: Insights", signInBody);
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
    if (/\.csv(\?|$)/.test(request.url)) return reply.send({ error: "sign_in_required" });
    return sendHtml(reply, signInPage);
  });

  /** The period's report beside the previous one, or a 400's body naming the problem. */
  async function report(query: unknown) {
    const asked = periodOf(query as Record<string, unknown>);
    if ("problem" in asked) return asked;
    const { period } = asked;
    const today = new Date(`${period.range?.to ?? dayOf(new Date())}T12:00:00.000Z`);
    const compared = await readComparedReport(store.insights, {
      days: period.days,
      today,
      top: topRows,
    });
    return { period, compared };
  }
  /** The inbox's figures for a report: read only by the pages and files that show them. */
  const repliesTo = (compared: ComparedReport) =>
    readReplyFigures(store.replyFigures, clock, compared, topRows);

  const sendCsv = (reply: FastifyReply, file: string, rows: (string | number)[][]) =>
    reply
      .header("content-disposition", `attachment; filename="${file}"`)
      .type("text/csv; charset=utf-8")
      .send(`${rows.map(csvLine).join("\r\n")}\r\n`);

  app.get("/insights", async (request, reply) => {
    const asked = await report(request.query);
    if ("problem" in asked) return reply.code(400).send(asked.problem);
    const { period, compared } = asked;
    const { from, to, days } = compared.report;
    const [tapsSeen, replies] = await Promise.all([
      store.insights.readTaps(from, to),
      repliesTo(compared),
    ]);
    const page = (
      <Dashboard
        compared={compared}
        period={period}
        taps={tapsByPlace(tapsSeen)}
        tapsPerDay={tapsTable(days, tapsSeen)}
        replies={replies}
      />
    );
    return sendHtml(reply, htmlPage(look, "Insights", page));
  });

  app.get("/insights.csv", async (request, reply) => {
    const asked = await report(request.query);
    if ("problem" in asked) return reply.code(400).send(asked.problem);
    const { from, to, days } = asked.compared.report;
    const rows = days.map((day) => dayColumns.map(([, value]) => value(day)));
    return sendCsv(reply, `insights-${from}-to-${to}.csv`, [
      dayColumns.map(([name]) => name),
      ...rows,
    ]);
  });

  app.get("/insights-figures.csv", async (request, reply) => {
    const asked = await report(request.query);
    if ("problem" in asked) return reply.code(400).send(asked.problem);
    const { compared } = asked;
    const { from, to } = compared.report;
    const { firstReply } = await repliesTo(compared);
    const figures = keyFigureTable(compared, [firstReply]);
    return sendCsv(reply, `insights-figures-${from}-to-${to}.csv`, figures);
  });

  const replyTables = {
    funnel: (replies: ReplyFigures) => asTable(funnelColumns, replies.funnel),
    replies: (replies: ReplyFigures) => asTable(replyWeekColumns, replies.weeks),
  };
  for (const [name, table] of Object.entries(replyTables)) {
    app.get(`/insights-${name}.csv`, async (request, reply) => {
      const asked = await report(request.query);
      if ("problem" in asked) return reply.code(400).send(asked.problem);
      const { from, to } = asked.compared.report;
      const replies = await repliesTo(asked.compared);
      return sendCsv(reply, `insights-${name}-${from}-to-${to}.csv`, table(replies));
    });
  }
};
