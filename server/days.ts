// UTC days as YYYY-MM-DD, the unit the insights count by and the daily digest and purge claim.

/** The UTC day of a moment, YYYY-MM-DD. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** The day `n` days after (or, negative, before) `day`. */
export const addDays = (day: string, n: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000));
