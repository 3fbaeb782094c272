import { addDays, dayOf } from "../days";
import { type BusinessClock, businessTime } from "../reply-clock/business-hours";
import type { ReplyFiguresStore } from "../store/reply-figures-store";
import { type ComparedReport, countChange, type KeyFigure, number } from "./insights-report";

// The dashboard's figures from the inbox (decision 0050): the median first reply against the
// period before, the funnel by source, and first replies by week; all in business minutes of
// the reply clock (decision 0048), which only the clock can count (its holidays are not SQL's).

/** The median of ascending numbers, to the whole minute: the middle one, or the two's mean. */
export function median(sorted: number[]) {
  if (sorted.length === 0) return undefined;
  const middle = sorted.length / 2;
  const [low, high] = [sorted[Math.ceil(middle) - 1] ?? 0, sorted[Math.floor(middle)] ?? 0];
  return Math.round((low + high) / 2);
}

/** The `p`th percentile of ascending numbers by nearest rank: a time some reply really took. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? undefined : sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

/** Business minutes as the dashboard says them, "–" for none. */
const time = (minutes: number | undefined) => (minutes === undefined ? "–" : businessTime(minutes));

type Reply = { receivedAt: Date; firstReplyAt: Date | null };
/** An enquiry's UTC day, and its first reply's business minutes (undefined: none yet). */
export type TimedReply = { day: string; minutes: number | undefined };

/** Each enquiry's day and first reply in business minutes, counted once. */
export const timeReplies = (clock: BusinessClock, replies: Reply[]): TimedReply[] =>
  replies.map(({ receivedAt, firstReplyAt }) => ({
    day: dayOf(receivedAt),
    minutes: firstReplyAt ? clock.minutesBetween(receivedAt, firstReplyAt) : undefined,
  }));

/** The answered ones' business minutes, ascending. */
const answeredMinutes = (replies: TimedReply[]) =>
  replies.flatMap(({ minutes }) => (minutes === undefined ? [] : [minutes])).sort((a, b) => a - b);

/** The median first reply in business hours, against the period before's. */
export function firstReplyFigure(now: TimedReply[], before: TimedReply[]): KeyFigure {
  const [m, b] = [median(answeredMinutes(now)), median(answeredMinutes(before))];
  return {
    name: "Median first reply",
    now: time(m),
    before: time(b),
    change: m === undefined || b === undefined ? "–" : countChange(m, b),
    lowerIsBetter: true,
  };
}

/** The Monday of a UTC day's week. */
const mondayOf = (day: string) =>
  addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** Per week (Monday to Sunday, cut to the period): replies' median and 90th percentile. */
export function repliesByWeek(from: string, to: string, replies: TimedReply[]) {
  const byWeek = new Map<string, TimedReply[]>();
  for (const reply of replies) {
    const monday = mondayOf(reply.day);
    const week = byWeek.get(monday) ?? [];
    byWeek.set(monday, week);
    week.push(reply);
  }
  const weeks = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) {
    const inWeek = byWeek.get(monday) ?? [];
    const minutes = answeredMinutes(inWeek);
    const last = addDays(monday, 6);
    weeks.push({
      from: monday < from ? from : monday,
      to: last > to ? to : last,
      answered: minutes.length,
      waiting: inWeek.length - minutes.length,
      median: median(minutes),
      p90: percentile(minutes, 90),
    });
  }
  return weeks;
}

export type ReplyWeek = ReturnType<typeof repliesByWeek>[number];

/** The weeks as a table: the dashboard's, its CSV's and the command line's. */
export const replyWeekColumns = [
  ["Week", (week) => (week.from === week.to ? week.from : `${week.from} to ${week.to}`)],
  ["Answered", (week) => week.answered],
  ["Still waiting", (week) => week.waiting],
  ["Median first reply", (week) => time(week.median)],
  ["90th percentile", (week) => time(week.p90)],
] as const satisfies readonly [string, (week: ReplyWeek) => string | number][];

/** Shares in words, "–" where there is nothing to share. */
const share = (part: number, whole: number) =>
  whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : "–";

export const noCountedVisit = "(no counted visit)";

/** How the funnel counts, where the dashboard and the command line show it. */
export const funnelNote =
  "Visits by source as counted above; enquiries, contacted and won from the inbox, for enquiries received in the period (held and spam left out). Contacted: staff replied, or set the enquiry past New. Won: its status is Won.";

/** How first replies are counted, where the dashboard and the command line show them. */
export const firstReplyNote =
  "First reply: business hours from an enquiry's arrival to its first reply (or being set Contacted), for enquiries received in the period and answered.";

type Funnel = Awaited<ReturnType<ReplyFiguresStore["funnelBySource"]>>;
type FunnelRow = Omit<Funnel["rows"][number], "source"> & { source: string };

/** The funnel's columns: each count with its share of the step before, said in words. */
export const funnelColumns = [
  ["Source", (row) => row.source],
  ["Visits", (row) => number(row.visits)],
  ["Enquiries", (row) => number(row.enquiries)],
  ["Enquiries per visit", (row) => (row.visits > 0 ? share(row.enquiries, row.visits) : "–")],
  ["Contacted", (row) => number(row.contacted)],
  ["Contacted of enquiries", (row) => share(row.contacted, row.enquiries)],
  ["Won", (row) => number(row.won)],
  ["Won of enquiries", (row) => share(row.won, row.enquiries)],
] as const satisfies readonly [string, (row: FunnelRow) => string][];

/** The funnel's rows, the sources' first, then all sources (visits as the report counted them). */
export const funnelRows = (funnel: Funnel, visits: number): FunnelRow[] => [
  ...funnel.rows.map((row) => ({ ...row, source: row.source ?? noCountedVisit })),
  { source: "All sources", visits, ...funnel.all },
];

/** Everything the dashboard, its CSVs and the command line show of the inbox for a period. */
export async function readReplyFigures(
  store: ReplyFiguresStore,
  clock: BusinessClock,
  { report, previous }: ComparedReport,
  top: number,
) {
  const [now, before, funnel] = await Promise.all([
    store.firstReplies(report.from, report.to),
    store.firstReplies(previous.from, previous.to),
    store.funnelBySource(report.from, report.to, top),
  ]);
  const timed = timeReplies(clock, now);
  return {
    firstReply: firstReplyFigure(timed, timeReplies(clock, before)),
    weeks: repliesByWeek(report.from, report.to, timed),
    funnel: funnelRows(funnel, report.visits),
  };
}

export type ReplyFigures = Awaited<ReturnType<typeof readReplyFigures>>;

/** A table's cells as text, head first: for CSV and the command line. */
export const asTable = <Row>(
  columns: readonly (readonly [string, (row: Row) => string | number])[],
  rows: Row[],
) => [columns.map(([name]) => name), ...rows.map((row) => columns.map(([, cell]) => cell(row)))];
