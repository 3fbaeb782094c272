// How long the enquiry service keeps a delivered enquiry (ENQUIRY_RETENTION_DAYS), and the
// words the privacy statement uses for it. The server applies the setting at run time while the
// privacy page is prerendered at build time: the build records what it stated in its manifest
// (contract/site-build.ts), and the server checks that against its own settings at startup.

export const defaultRetentionDays = 365;
export const maxRetentionDays = 36_500;

/** Where the service passes enquiries on (contract/settings.ts, configuredChannels). */
export type DeliveryChannels = { mail: boolean; webhook: boolean };

function passedOn({ mail, webhook }: DeliveryChannels): string {
  if (mail && webhook) return "passed on to our team by email and to our enquiry system";
  if (mail) return "passed on to our team by email";
  if (webhook) return "passed on to our team's enquiry system";
  return "passed on to our team";
}

/** The privacy statement's sentence for a retention setting and the configured delivery. */
export function retentionStatement(retentionDays: number, channels: DeliveryChannels): string {
  if (retentionDays === 0) {
    return `Our website keeps an enquiry only until it has been ${passedOn(channels)}, and then deletes it.`;
  }
  const period = `${retentionDays} ${retentionDays === 1 ? "day" : "days"}`;
  return `Our website keeps an enquiry for ${period} after receiving it and then deletes it. An enquiry not yet ${passedOn(channels)} is kept until it has been.`;
}
