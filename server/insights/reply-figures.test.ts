import { expect, test } from "vitest";
import { businessWeek } from "../../contract/business-hours";
import { businessClock } from "../reply-clock/business-hours";
import { firstReplyFigure, median, percentile, repliesByWeek, timeReplies } from "./reply-figures";

const clock = businessClock(businessWeek("Mon-Fri 08:00-17:00"));
/** A Johannesburg wall-clock time, "2026-12-11 16:30". */
const sast = (local: string) => new Date(`${local.replace(" ", "T")}:00+02:00`);
const reply = (received: string, replied: string | null) => ({
  receivedAt: sast(received),
  firstReplyAt: replied ? sast(replied) : null,
});

test.each([
  [[], undefined, undefined],
  [[5], 5, 5],
  [[10, 20], 15, 20],
  [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 6, 9],
  [Array.from({ length: 20 }, (_, i) => i + 1), 11, 18],
])("median and 90th percentile of %j: %s and %s", (sorted, middle, p90) => {
  expect([median(sorted), percentile(sorted, 90)]).toEqual([middle, p90]);
});

test("counts first replies in business hours, across a weekend and 16 December, against the period before", () => {
  const now = timeReplies(clock, [
    // Friday 16:30 to Thursday 08:30 over the weekend and Wednesday 16 December: 30 + 540 + 540 + 30.
    reply("2026-12-11 16:30", "2026-12-17 08:30"),
    reply("2026-12-14 20:00", "2026-12-15 08:45"), // overnight: 45 min
    reply("2026-12-14 09:00", null), // not answered: not in the median
  ]);
  const before = timeReplies(clock, [reply("2026-12-07 09:00", "2026-12-07 10:00")]);
  expect(firstReplyFigure(now, before)).toEqual({
    name: "Median first reply",
    now: "9 h 53 min",
    before: "1 h",
    change: "up 888%",
    lowerIsBetter: true,
  });
  expect(firstReplyFigure(now, [])).toMatchObject({ before: "–", change: "–" });
  expect(firstReplyFigure([], [])).toMatchObject({ now: "–", change: "–" });

  // Wednesday 9 to Tuesday 15 December: two weeks, each cut to the period.
  expect(repliesByWeek("2026-12-09", "2026-12-15", now)).toEqual([
    { from: "2026-12-09", to: "2026-12-13", answered: 1, waiting: 0, median: 1140, p90: 1140 },
    { from: "2026-12-14", to: "2026-12-15", answered: 1, waiting: 1, median: 45, p90: 45 },
  ]);
});
