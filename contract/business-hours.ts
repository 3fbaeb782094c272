// BUSINESS_HOURS, the hours the reply clock counts (server/reply-clock/), in Johannesburg time:
// groups like "Mon-Fri 08:00-17:00, Sat 08:00-12:00", at most one span a day.

const dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** Minutes after local midnight: the day's hours run from `opens` up to `closes`. */
export type DayHours = { opens: number; closes: number };
/** Each weekday's hours, Sunday first (as Date#getUTCDay counts); null when closed. */
export type BusinessHours = readonly (DayHours | null)[];

const group = /^([A-Za-z]{3})(?:-([A-Za-z]{3}))? (\d\d):(\d\d)-(\d\d):(\d\d)$/;

const dayIndex = (name: string) =>
  dayNames.findIndex((day) => day.toLowerCase() === name.toLowerCase());

/** The weekly hours `text` names, or what is wrong with it. */
export function parseBusinessHours(text: string): BusinessHours | { problem: string } {
  const week: (DayHours | null)[] = Array(7).fill(null);
  for (const part of text.split(",").map((p) => p.trim().replace(/\s+/g, " "))) {
    const [, first = "", last, openH, openM, closeH, closeM] = part.match(group) ?? [];
    const from = dayIndex(first);
    const to = last === undefined ? from : dayIndex(last);
    if (!openH || from < 0 || to < 0)
      return { problem: `cannot read "${part}": use days and times like Mon-Fri 08:00-17:00` };
    const opens = Number(openH) * 60 + Number(openM);
    const closes = Number(closeH) * 60 + Number(closeM);
    if (Number(openM) > 59 || Number(closeM) > 59 || closes > 24 * 60 || opens >= closes)
      return {
        problem: `"${part}": the opening time must come before the closing time, 24:00 at the latest`,
      };
    for (let day = from; ; day = (day + 1) % 7) {
      if (week[day]) return { problem: `"${part}": ${dayNames[day]} is named twice` };
      week[day] = { opens, closes };
      if (day === to) break;
    }
  }
  return week;
}

/** The weekly hours of a BUSINESS_HOURS value the settings schema has already checked. */
export function businessWeek(text: string): BusinessHours {
  const hours = parseBusinessHours(text);
  if ("problem" in hours) throw new Error(`BUSINESS_HOURS: ${hours.problem}`);
  return hours;
}
