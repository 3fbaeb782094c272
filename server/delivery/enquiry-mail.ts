import { enquiryFields, enquiryReference } from "../../contract/enquiry";
import type { StoredEnquiry } from "../store/schema";

type Addresses = { from: string; to: string };

export type EnquiryMail = ReturnType<typeof composeEnquiryMail>;

const htmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);

// Header values stay on one line whatever the visitor typed: CR/LF would add headers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();

const domainOf = (address: string) => address.split("@")[1] ?? "localhost";

export function composeEnquiryMail(enquiry: StoredEnquiry, addresses: Addresses) {
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
    to: addresses.to,
    replyTo: { name, address: enquiry.email },
    subject: `Website enquiry (${enquiry.enquiryType}) from ${name}`,
    text,
    html,
    date: new Date(enquiry.receivedAt),
  };
}

/** Repeats nothing the visitor typed: the form must not carry chosen text to a stranger's inbox. */
export function composeAcknowledgementMail(
  enquiry: StoredEnquiry,
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
