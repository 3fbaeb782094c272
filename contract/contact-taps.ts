// Taps on the company's phone and WhatsApp links go through our own server, which counts them
// per day and place and redirects (server/insights/contact-taps.ts). Where each one goes comes
// from the build's content, which writes it to this file in the client folder; the server reads
// it from there and never from the request (decision 0035).

export const tapChannels = ["phone", "whatsapp"] as const;
export type TapChannel = (typeof tapChannels)[number];

/** Where on the site a link was tapped. */
export const tapSources = ["footer", "contact"] as const;
export type TapSource = (typeof tapSources)[number];

/** The build's targets, by channel: a tel: or https://wa.me/ address; absent when not set. */
export type TapTargets = Partial<Record<TapChannel, string>>;

export const tapTargetsFile = "contact-links.json";

/** The link a page carries: a redirect through our server, named by channel and place. */
export const tapPath = (channel: TapChannel, source: TapSource) => `/go/${channel}?from=${source}`;

/** A checked phone number as a tel: address: digits only, a leading 0 as South Africa's +27. */
export function telAddress(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+27${digits.slice(1)}` : digits}`;
}

/** WhatsApp's click-to-chat link, its first line typed in: no script, no cookie of ours. */
export function whatsappAddress(number: string, firstLine: string): string {
  const digits = telAddress(number).replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(firstLine)}`;
}
