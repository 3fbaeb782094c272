import { readFileSync } from "node:fs";
import { Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  conversion,
  dayColumns,
  type InsightsReport,
  reportTables,
} from "../insights/insights-report";
import { chartSeries, InsightsChart, shortDate } from "./insights-chart";

// The company's dashboard at /admin/insights, rendered on the server into plain HTML and SVG:
// it runs no script, and nothing of it reaches the public pages.

export const dashboardRanges = [7, 30, 90] as const;
type DashboardRange = (typeof dashboardRanges)[number];

/** Said when nothing was counted: the pages may be served by a static host instead of us. */
export const nothingCounted = "No page views counted: are the pages served by this service?";

const topRows = 10;

const number = (n: number) => n.toLocaleString("en-ZA");

// Our own fixed stylesheet, allowed by the page's policy by its hash.
const stylesheet = readFileSync(new URL("./insights-page.css", import.meta.url), "utf8");

/** A table that scrolls sideways on a phone, reachable and scrollable by keyboard. */
function Table({
  id,
  caption,
  head,
  rows,
}: {
  id: string;
  caption: string;
  head: string[];
  rows: ReactNode[][];
}) {
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

function Dashboard({ report, days }: { report: InsightsReport; days: DashboardRange }) {
  const totals = [
    ["Visitors", number(report.visitors)],
    ["Page views", number(report.pageviews)],
    ["Visits", number(report.visits)],
    ["Enquiries", number(report.enquiries)],
    ["Conversion", conversion(report.enquiries, report.visits)],
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

        <h2 id="per-day">Visitors and page views per day</h2>
        <ul className="legend">
          {chartSeries.map((series) => (
            <li key={series.key}>
              <svg viewBox="0 0 32 12" aria-hidden="true">
                <line
                  x1="0"
                  x2="32"
                  y1="6"
                  y2="6"
                  stroke={series.colour}
                  strokeWidth="2.5"
                  strokeDasharray={series.dash}
                />
              </svg>
              {series.label}
            </li>
          ))}
        </ul>
        <InsightsChart report={report} idPrefix="chart" />
        <p>
          <a href={`insights.csv?days=${days}`} download>
            {`Download the days as CSV (${days} days)`}
          </a>
        </p>
        <Table
          id="days-table"
          caption="Per day: visitors, page views, visits, enquiries and conversion (enquiries ÷ visits)"
          head={dayColumns.map(([name]) => name)}
          rows={[...report.days].reverse().map((day) => dayColumns.map(([, value]) => value(day)))}
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

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own fixed stylesheet. */}
        <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

const document = (page: ReactNode) => `<!doctype html>${renderToStaticMarkup(page)}`;

export function dashboardPage(report: InsightsReport, days: DashboardRange): string {
  return document(
    <Page title="Insights">
      <Dashboard report={report} days={days} />
    </Page>,
  );
}

/** What someone who is not signed in sees instead. */
export function signInPage(signInUrl: string | undefined): string {
  return document(
    <Page title="Sign in: Insights">
      <main>
        <h1>Insights</h1>
        {signInUrl ? (
          <p>
            The insights are for the people who edit the site.{" "}
            <a href={signInUrl}>Sign in with GitHub</a>
          </p>
        ) : (
          <p>
            Sign-in is not set up on this service (CMS_GITHUB_CLIENT_ID), so nobody can open the
            insights here.
          </p>
        )}
      </main>
    </Page>,
  );
}
