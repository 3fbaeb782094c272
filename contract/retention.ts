// How long the enquiry service keeps a delivered enquiry (ENQUIRY_RETENTION_DAYS), and the
// words the privacy statement uses for it. The server applies the setting at run time while the
// privacy page is prerendered at build time, so both read the same variables, and the server
// checks at startup that the built page states exactly this sentence for its own settings.
// Plain text only (no zod): the privacy page imports it.

export const defaultRetentionDays = 365;
export const maxRetentionDays = 36_500;

/**
 * Where the service passes enquiries on: mail when SMTP_URL is set, the webhook when
 * ENQUIRY_WEBHOOK_URL is. The statement says only what is true of the configured ones.
 */
export type DeliveryChannels = { email: boolean; webhook: boolean };

/** The channels a set of variables configures: the server's settings, or the build's environment. */
export function deliveryChannelsOf(env: Record<string, string | undefined>): DeliveryChannels {
  return {
    email: Boolean(env.SMTP_URL?.trim()),
    webhook: Boolean(env.ENQUIRY_WEBHOOK_URL?.trim()),
  };
}

function passedOn({ email, webhook }: DeliveryChannels): string {
  if (email && webhook) return "passed on to our team by email and to our enquiry system";
  if (email) return "passed on to our team by email";
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
