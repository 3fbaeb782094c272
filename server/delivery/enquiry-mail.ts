import { enquiryTypes } from "../../contract/enquiry";
import type { StoredEnquiry } from "../store/enquiry-store";

export type MailAddresses = { from: string; to: string };

export type EnquiryMail = {
  messageId: string;
  from: { name: string; address: string };
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  date: Date;
};

const htmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);

// Header values must stay on one line whatever the visitor typed: CR/LF would let them add
// headers, and other control characters have no business in a subject.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();

const typeLabel = (enquiry: StoredEnquiry) =>
  enquiryTypes.find((type) => type.value === enquiry.enquiryType)?.label ?? enquiry.enquiryType;

export function composeEnquiryMail(enquiry: StoredEnquiry, addresses: MailAddresses): EnquiryMail {
  const domain = addresses.from.split("@")[1] ?? "localhost";
  const name = oneLine(enquiry.name).slice(0, 200);
  const fields: [string, string][] = [
    ["Name", enquiry.name],
    ["Phone", enquiry.phone],
    ["Email", enquiry.email],
    ["Enquiry type", typeLabel(enquiry)],
    ["Received", enquiry.receivedAt],
    ["Reference", enquiry.id],
  ];
  const text = [
    ...fields.map(([label, value]) => `${label}: ${value}`),
    "",
    "Message:",
    enquiry.message,
    "",
  ].join("\n");
  const rows = fields
    .map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("");
  const html = `<!doctype html><html><body><table>${rows}</table><h2>Message</h2><p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p></body></html>`;
  return {
    // Stable per enquiry, so a delivery repeated after a crash mid-send is recognisable as the
    // same message by the mailbox (and by anyone reading it).
    messageId: `<enquiry-${enquiry.id}@${domain}>`,
    from: { name: "Website enquiries", address: addresses.from },
    to: addresses.to,
    replyTo: { name, address: enquiry.email },
    subject: `Website enquiry (${typeLabel(enquiry)}) from ${name}`,
    text,
    html,
    date: new Date(enquiry.receivedAt),
  };
}
