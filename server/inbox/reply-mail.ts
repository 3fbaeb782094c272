import { randomUUID } from "node:crypto";
import { enquiryReference } from "../../contract/enquiry";
import { type Addresses, domainOf, escapeHtml, oneLine } from "../delivery/enquiry-mail";

// A reply written in the inbox, mailed to the visitor (decision 0049): from the company's
// address (MAIL_FROM, the enquiry mail's sender), signed with the name of the person who wrote
// it, and answered to the shared mailbox (ENQUIRY_TO), so the visitor's answer reaches the team
// whoever is away. Header values go through the enquiry mail's `oneLine`; Nodemailer encodes
// the rest, so nothing the visitor typed can add a header.

/** What the timeline keeps of a reply: its text, and why the mail server refused it, if it did. */
export type ReplyRecord = { text: string; refused?: string };

/** The timeline's record of a reply, or undefined for a detail that is not one. */
export function readReplyRecord(detail: string | null): ReplyRecord | undefined {
  try {
    const record = JSON.parse(detail ?? "");
    return typeof record?.text === "string" ? record : undefined;
  } catch {
    return undefined;
  }
}

export function composeReplyMail(
  enquiry: { id: string; name: string; email: string },
  reply: { text: string; signedBy?: string },
  addresses: Addresses,
) {
  const signature = oneLine(reply.signedBy ?? "").slice(0, 100) || "Website enquiries";
  const reference = `Reference: ${enquiryReference(enquiry.id)}`;
  const body = reply.text.trim();
  const domain = domainOf(addresses.from);
  return {
    messageId: `<reply-${randomUUID()}@${domain}>`,
    // Threads under the acknowledgement, for a visitor who got one.
    references: `<acknowledgement-${enquiry.id}@${domain}>`,
    from: { name: signature, address: addresses.from },
    to: { name: oneLine(enquiry.name).slice(0, 200), address: oneLine(enquiry.email) },
    replyTo: { name: "Website enquiries", address: addresses.to },
    subject: `Re: your enquiry, reference ${enquiryReference(enquiry.id)}`,
    text: `${body}\n\n${signature}\n${reference}\n`,
    html: `<!doctype html><html><body><p style="white-space:pre-wrap">${escapeHtml(body)}</p><p>${escapeHtml(signature)}<br>${escapeHtml(reference)}</p></body></html>`,
    date: new Date(),
  };
}
