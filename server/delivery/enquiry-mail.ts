import { enquiryFields, enquiryReference } from "../../contract/enquiry";
import type { ReceivedEnquiry, StoredEnquiry } from "../store/schema";

export type Addresses = { from: string; to: string };

export type EnquiryMail = ReturnType<typeof composeEnquiryMail>;

const htmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);

// Header values stay on one line whatever the visitor typed: CR/LF would add headers, and a
// reader may break a line at NEL (U+0085, among the C1 controls) or U+2028/U+2029. A typed
// encoded word ("=?utf-8?Q?…?=") is broken apart, so no reader decodes a line break out of it.
export function oneLine(value: string) {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
      .replaceAll("=?", "= ?")
      .trim()
  );
}

export const domainOf = (address: string) => address.split("@")[1] ?? "localhost";

/**
 * The company's mail of an enquiry: to `ENQUIRY_TO`, and to the person routing made its owner
 * (decision 0049), read as it is sent.
 */
export function composeEnquiryMail(
  enquiry: ReceivedEnquiry,
  addresses: Addresses,
  owner?: { email: string },
) {
  const name = oneLine(enquiry.name).slice(0, 200);
  // The message goes below the table; an optional field left empty is left out; the type as
  // its code ("support"): the site's label for it is copy the server never reads.
  const fields: [string, string][] = [
    ...enquiryFields.flatMap(({ key, label }): [string, string][] =>
      key === "message" || enquiry[key] == null ? [] : [[label, enquiry[key]]],
    ),
    ["Received", enquiry.receivedAt],
    ["Reference", enquiryReference(enquiry.id)],
  ];
  const text = `${fields.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\nMessage:\n${enquiry.message}\n`;
  const rows = fields
    .map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("");
  const html = `<!doctype html><html><body><table>${rows}</table><h2>Message</h2><p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p></body></html>`;
  return {
    // Stable per enquiry, so a repeat after a crash mid-send is recognisably the same message.
    messageId: `<enquiry-${enquiry.id}@${domainOf(addresses.from)}>`,
    from: { name: "Website enquiries", address: addresses.from },
    to:
      owner && owner.email !== addresses.to.toLowerCase()
        ? [addresses.to, owner.email]
        : addresses.to,
    replyTo: { name, address: enquiry.email },
    subject: `Website enquiry (${enquiry.enquiryType}) from ${name}`,
    text,
    html,
    date: new Date(enquiry.receivedAt),
  };
}

/** Repeats nothing the visitor typed: the form must not carry chosen text to a stranger's inbox. */
export function composeAcknowledgementMail(
  enquiry: ReceivedEnquiry,
  settings: Addresses & { answerWithin: string },
): EnquiryMail {
  const paragraphs = [
    "Hello,",
    `We have received your ${enquiry.enquiryType} enquiry, sent through our website on ${enquiry.receivedAt.slice(0, 10)}.`,
    `Our team will answer ${settings.answerWithin}.`,
    "To add anything or to reach us sooner, reply to this email.",
    `Reference: ${enquiryReference(enquiry.id)}`,
  ];
  return {
    messageId: `<acknowledgement-${enquiry.id}@${domainOf(settings.from)}>`,
    from: { name: "Website enquiries", address: settings.from },
    to: enquiry.email,
    replyTo: { name: "Website enquiries", address: settings.to },
    subject: "We have received your enquiry",
    text: `${paragraphs.join("\n\n")}\n`,
    html: `<!doctype html><html><body>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</body></html>`,
    date: new Date(enquiry.receivedAt),
  };
}

/**
 * The team's daily word on held enquiries (decision 0039): how many, and from whom, so that
 * nobody has to remember to look. A staff mail, like the enquiry mail; never the message itself.
 */
export function composeHeldDigestMail(
  held: StoredEnquiry[],
  day: string,
  addresses: Addresses,
): EnquiryMail {
  const count = `${held.length} ${held.length === 1 ? "enquiry" : "enquiries"}`;
  const lines = held.map(
    (e) =>
      `${oneLine(e.name).slice(0, 200)} <${oneLine(e.email)}>, ${e.enquiryType}, received ${e.receivedAt}, held for ${e.heldReason ?? "?"} (ID ${e.id})`,
  );
  const intro = `The bot check held ${count} since the last digest. Nothing is sent on, to you or to the visitor, until a person releases it:`;
  const howTo =
    "To read them: npm run enquiries -- held (and find --email ADDRESS). Then release ID delivers one as usual, once; spam ID keeps it from ever being delivered. Held and spam enquiries are deleted after HELD_RETENTION_DAYS.";
  return {
    messageId: `<held-digest-${day}@${domainOf(addresses.from)}>`,
    from: { name: "Website enquiries", address: addresses.from },
    to: addresses.to,
    replyTo: { name: "Website enquiries", address: addresses.to },
    subject: `Held enquiries: ${count} waiting for a person`,
    text: `${intro}\n\n${lines.map((line) => `- ${line}`).join("\n")}\n\n${howTo}\n`,
    html: `<!doctype html><html><body><p>${escapeHtml(intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul><p>${escapeHtml(howTo)}</p></body></html>`,
    date: new Date(),
  };
}
