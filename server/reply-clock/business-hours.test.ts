import { describe, expect, it } from "vitest";
import { businessWeek } from "../../contract/business-hours";
import { checkSettings, settingsSchema } from "../../contract/settings";
import { businessClock } from "./business-hours";

/** A Johannesburg wall-clock time, "2026-11-25 09:00". */
const sast = (local: string) => new Date(`${local.replace(" ", "T")}:00+02:00`);
const weekdays = businessClock(businessWeek("Mon-Fri 08:00-17:00"));

describe("the reply clock over Mon-Fri 08:00-17:00", () => {
  // [what, received, when 60 business minutes have passed]
  it.each([
    ["within the day", "2026-11-25 09:00", "2026-11-25 10:00"],
    ["up to closing time exactly", "2026-11-25 16:00", "2026-11-25 17:00"],
    ["before opening", "2026-11-26 06:10", "2026-11-26 09:00"],
    ["overnight", "2026-11-25 16:30", "2026-11-26 08:30"],
    ["after closing", "2026-11-25 21:00", "2026-11-26 09:00"],
    ["over a weekend", "2026-11-27 16:30", "2026-11-30 08:30"],
    ["from a Saturday", "2026-11-28 10:00", "2026-11-30 09:00"],
    ["over 16 December (Day of Reconciliation)", "2026-12-15 16:30", "2026-12-17 08:30"],
    ["over Easter: Good Friday to Family Day", "2026-04-02 16:30", "2026-04-07 08:30"],
    ["over Youth Day on a Sunday, kept on the Monday", "2024-06-14 16:30", "2024-06-18 08:30"],
    ["over Women's Day on a Sunday, kept on the Monday", "2026-08-07 16:30", "2026-08-11 08:30"],
    ["over Mandela Day, an observance and a working day", "2025-07-17 16:30", "2025-07-18 08:30"],
    ["in winter as in summer: no daylight saving", "2026-07-15 16:30", "2026-07-16 08:30"],
  ])("counts %s", (_, received, due) => {
    expect(weekdays.dueAt(sast(received), 60)).toEqual(sast(due));
    expect(weekdays.minutesBetween(sast(received), sast(due))).toBe(60);
  });

  it("counts nothing while closed or backwards, and whole days across holidays", () => {
    expect(weekdays.minutesBetween(sast("2026-11-27 17:00"), sast("2026-11-30 08:00"))).toBe(0);
    expect(weekdays.minutesBetween(sast("2026-11-26 10:00"), sast("2026-11-25 10:00"))).toBe(0);
    // Mon 14 to Fri 18 December: four open days of nine hours, the 16th off.
    expect(weekdays.minutesBetween(sast("2026-12-14 00:00"), sast("2026-12-19 00:00"))).toBe(
      4 * 9 * 60,
    );
    expect(weekdays.dueAt(sast("2026-11-23 08:00"), 10 * 60)).toEqual(sast("2026-11-24 09:00"));
  });

  it("uses Johannesburg's offset, UTC+2 every month, as the time zone database says", () => {
    const offset = new Intl.DateTimeFormat("en", {
      timeZone: "Africa/Johannesburg",
      timeZoneName: "longOffset",
    });
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, 15, 12));
      expect(offset.format(date), date.toISOString()).toMatch(/GMT\+02:00$/);
    }
    // 06:30 UTC is 08:30 in Johannesburg: thirty minutes into the day.
    expect(
      weekdays.minutesBetween(new Date("2026-07-15T00:00:00Z"), new Date("2026-07-15T06:30:00Z")),
    ).toBe(30);
  });
});

it("counts several groups of hours, such as Saturday mornings", () => {
  const withSaturdays = businessClock(businessWeek("Mon-Fri 08:00-17:00, sat 08:00-12:00"));
  expect(withSaturdays.dueAt(sast("2026-11-27 16:30"), 60)).toEqual(sast("2026-11-28 08:30"));
  expect(withSaturdays.dueAt(sast("2026-11-28 11:30"), 60)).toEqual(sast("2026-11-30 08:30"));
});

it("refuses business hours and targets it cannot use, naming the setting", () => {
  for (const [bad, problem] of [
    ["weekdays", /BUSINESS_HOURS: cannot read "weekdays"/],
    ["Mon-Fri 8-5", /BUSINESS_HOURS: cannot read/],
    ["Mon-Fry 08:00-17:00", /BUSINESS_HOURS: cannot read/],
    ["Mon-Fri 17:00-08:00", /BUSINESS_HOURS: .*opening time must come before the closing time/],
    ["Mon-Fri 08:00-24:30", /BUSINESS_HOURS: .*24:00 at the latest/],
    ["Mon-Fri 08:00-17:00, Fri 09:00-12:00", /BUSINESS_HOURS: .*Fri is named twice/],
    ["Mon-Fri 08:00-17:00,", /BUSINESS_HOURS: cannot read ""/],
  ] as const) {
    expect(() => checkSettings(settingsSchema, { BUSINESS_HOURS: bad }), bad).toThrow(problem);
  }
  for (const bad of ["0", "an hour", "1.5"]) {
    expect(() => checkSettings(settingsSchema, { REPLY_TARGET_MINUTES: bad }), bad).toThrow(
      /REPLY_TARGET_MINUTES: use/,
    );
  }
  expect(checkSettings(settingsSchema, {})).toMatchObject({
    BUSINESS_HOURS: "Mon-Fri 08:00-17:00",
    REPLY_TARGET_MINUTES: 60,
  });
});
