import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scalePoint } from "@visx/scale";
import { LinePath } from "@visx/shape";
import type { InsightsReport } from "../insights/insights-report";

// Page views and visitors per day as an SVG drawn on the server by visx, at one fixed size
// that the page scales to its width: no script, nothing measured in a browser. The page's
// table holds the same figures, for reading exactly and for screen readers.

const width = 400;
const height = 220;
const margin = { top: 12, right: 28, bottom: 32, left: 44 };
const innerWidth = width - margin.left - margin.right;
const innerHeight = height - margin.top - margin.bottom;
const ink = "#1f2937";

/** The two series; the dash tells them apart without colour. */
export const chartSeries = [
  { key: "pageviews", label: "Page views", colour: "#1d4ed8", dash: undefined },
  { key: "visitors", label: "Visitors", colour: "#b45309", dash: "6 4" },
] as const;

export const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-ZA", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

export function InsightsChart({ report, idPrefix }: { report: InsightsReport; idPrefix: string }) {
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
      aria-labelledby={`${idPrefix}-title ${idPrefix}-desc`}
      className="chart"
    >
      <title id={`${idPrefix}-title`}>Visitors and page views per day</title>
      <desc id={`${idPrefix}-desc`}>
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
