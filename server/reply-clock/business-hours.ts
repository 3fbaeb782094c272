import Holidays from "date-holidays";
import type { BusinessHours } from "../../contract/business-hours";

// Business minutes in Johannesburg time (decision 0048): the hours BUSINESS_HOURS names, less
// South Africa's public holidays, a Sunday holiday's Monday among them, as date-holidays knows
// them offline. South Africa Standard Time is UTC+2 all year (no daylight saving since 1944), so
// a fixed offset gives the local day and hour; a test holds it to the time zone database.

const offsetMs = 2 * 60 * 60_000;
const dayMs = 24 * 60 * 60_000;
const minuteMs = 60_000;

let holidays: Holidays | undefined;
const publicHolidaysByYear = new Map<number, Set<string>>();

/** The year's public holidays (observances such as Mother's Day are not days off), as local dates. */
function publicHolidays(year: number) {
  let days = publicHolidaysByYear.get(year);
  if (!days) {
    holidays ??= new Holidays("ZA");
    days = new Set(
      holidays
        .getHolidays(year)
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    publicHolidaysByYear.set(year, days);
  }
  return days;
}

/** Where the local day that holds `instant` starts, as a UTC time in milliseconds. */
const localMidnight = (instant: number) =>
  Math.floor((instant + offsetMs) / dayMs) * dayMs - offsetMs;

/** The business hours of the local day starting at `midnight`, as UTC milliseconds; none if closed. */
function openSpan(hours: BusinessHours, midnight: number) {
  const local = new Date(midnight + offsetMs);
  const day = hours[local.getUTCDay()];
  if (!day || publicHolidays(local.getUTCFullYear()).has(local.toISOString().slice(0, 10)))
    return undefined;
  return { opens: midnight + day.opens * minuteMs, closes: midnight + day.closes * minuteMs };
}

/** The reply clock over `hours`: time counted only while the business is open. */
export function businessClock(hours: BusinessHours) {
  return {
    /** Whole business minutes from `from` to `to` (0 when `to` is not later). */
    minutesBetween(from: Date, to: Date) {
      const [start, end] = [from.getTime(), to.getTime()];
      let open = 0;
      for (let midnight = localMidnight(start); midnight < end; midnight += dayMs) {
        const span = openSpan(hours, midnight);
        if (span) open += Math.max(0, Math.min(end, span.closes) - Math.max(start, span.opens));
      }
      return Math.floor(open / minuteMs);
    },

    /** When `minutes` business minutes after `from` have passed: the due time of a target. */
    dueAt(from: Date, minutes: number) {
      let left = minutes * minuteMs;
      // BUSINESS_HOURS opens on at least one weekday, and holidays never fill a whole week.
      for (let midnight = localMidnight(from.getTime()); ; midnight += dayMs) {
        const span = openSpan(hours, midnight);
        if (!span) continue;
        const start = Math.max(from.getTime(), span.opens);
        if (start + left <= span.closes) return new Date(start + left);
        left -= Math.max(0, span.closes - start);
      }
    },
  };
}

export type BusinessClock = ReturnType<typeof businessClock>;

/** `instant` on Johannesburg's wall clock, as "2026-11-25 16:30 SAST". */
export const johannesburgTime = (instant: Date) =>
  `${new Date(instant.getTime() + offsetMs).toISOString().slice(0, 16).replace("T", " ")} SAST`;

/** A count of business minutes as people say it: "45 min", "1 h 5 min", "2 h". */
export function businessTime(minutes: number) {
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
