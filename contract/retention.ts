// How long the enquiry service keeps a delivered enquiry (ENQUIRY_RETENTION_DAYS) and a held one
// (HELD_RETENTION_DAYS), and the words the privacy statement uses for it. The server applies the setting at run time while the
// privacy page is prerendered at build time: the build records what it stated in its manifest
// (contract/site-build.ts), and the server checks that against its own settings at startup.

export const defaultRetentionDays = 365;
export const maxRetentionDays = 36_500;
export const defaultHeldRetentionDays = 30;

/** Where the service passes enquiries on (contract/settings.ts, configuredChannels). */
export type DeliveryChannels = { mail: boolean; webhook: boolean };

function passedOn({ mail, webhook }: DeliveryChannels): string {
  if (mail && webhook) return "passed on to our team by email and to our enquiry system";
  if (mail) return "passed on to our team by email";
  if (webhook) return "passed on to our team's enquiry system";
  return "passed on to our team";
}

const daysOf = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/**
 * The privacy statement's sentences for the retention settings and the configured delivery: the
 * delivered enquiry's (ENQUIRY_RETENTION_DAYS), and the held one's (HELD_RETENTION_DAYS), which
 * the bot check doubted and which waits, undelivered, for a person (decision 0039).
 */
export function retentionStatement(
  retentionDays: number,
  channels: DeliveryChannels,
  heldRetentionDays: number,
): string {
  const held = `An enquiry our bot check doubts is held for our staff to look at; unless they release it, it is deleted ${daysOf(heldRetentionDays)} after we received it.`;
  if (retentionDays === 0) {
    return `Our website keeps an enquiry only until it has been ${passedOn(channels)}, and then deletes it. ${held}`;
  }
  return `Our website keeps an enquiry for ${daysOf(retentionDays)} after receiving it and then deletes it. An enquiry not yet ${passedOn(channels)} is kept until it has been. ${held}`;
}
