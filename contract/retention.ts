// How long the enquiry service keeps a delivered enquiry (ENQUIRY_RETENTION_DAYS), and the
// words the privacy statement uses for it. The server applies the setting at run time while the
// privacy page is prerendered at build time, so both read the same variable, and the server
// checks at startup that the built page states exactly this sentence for its own setting.
// Plain text only (no zod): the privacy page imports it.

export const defaultRetentionDays = 365;
export const maxRetentionDays = 36_500;

/** The privacy statement's sentence for a retention setting. */
export function retentionStatement(retentionDays: number): string {
  if (retentionDays === 0) {
    return "Our website keeps an enquiry only until it has been passed on to our team by email, and then deletes it.";
  }
  const period = `${retentionDays} ${retentionDays === 1 ? "day" : "days"}`;
  return `Our website keeps an enquiry for ${period} after receiving it and then deletes it. An enquiry not yet passed on to our team by email is kept until it has been.`;
}
