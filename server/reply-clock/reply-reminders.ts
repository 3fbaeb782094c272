import { type Addresses, domainOf, escapeHtml, oneLine } from "../delivery/enquiry-mail";
import { repeat } from "../repeat";
import type { EnquiryStore } from "../store/enquiry-store";
import type { ReplyClockStore } from "../store/reply-clock-store";
import { type BusinessClock, businessTime, johannesburgTime } from "./business-hours";

// One reminder mail for an enquiry that passed its first-reply target (REPLY_TARGET_MINUTES
// business minutes) with no reply and not set Contacted (decision 0048), to its owner when it
// has one, else to the team (decision 0049). The claim on the enquiry's row makes it one mail
// between several instances.

type AwaitingReply = Awaited<ReturnType<ReplyClockStore["awaitingReply"]>>[number];

export function composeReplyReminderMail(
  enquiry: AwaitingReply,
  { waitedMinutes, targetMinutes }: { waitedMinutes: number; targetMinutes: number },
  addresses: Addresses,
) {
  const name = oneLine(enquiry.name).slice(0, 200);
  const paragraphs = [
    `This ${enquiry.enquiryType} enquiry has waited ${businessTime(waitedMinutes)} of business hours for a first reply, past the target of ${businessTime(targetMinutes)}.`,
    `From: ${name} <${oneLine(enquiry.email)}>, phone ${oneLine(enquiry.phone)}`,
    `Received: ${johannesburgTime(new Date(enquiry.receivedAt))}`,
    `Reference: ${enquiry.id}`,
    "A reply from the inbox, or setting the enquiry Contacted there, stops its clock. This is the only reminder for it.",
  ];
  const domain = domainOf(addresses.from);
  const enquiryMail = `<enquiry-${enquiry.id}@${domain}>`;
  return {
    // Stable per enquiry, as the enquiry mail's is; and threaded under that mail.
    messageId: `<reply-reminder-${enquiry.id}@${domain}>`,
    inReplyTo: enquiryMail,
    references: enquiryMail,
    from: { name: "Website enquiries", address: addresses.from },
    to: enquiry.ownerEmail ?? addresses.to,
    replyTo: { name: "Website enquiries", address: addresses.to },
    subject: `No reply yet: website enquiry (${enquiry.enquiryType}) from ${name}`,
    text: `${paragraphs.join("\n\n")}\n`,
    html: `<!doctype html><html><body>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</body></html>`,
    date: new Date(),
  };
}

export type ReplyReminderMail = ReturnType<typeof composeReplyReminderMail>;

type ReminderOptions = {
  store: EnquiryStore;
  clock: BusinessClock;
  targetMinutes: number;
  /** Resolves once the mail server took the reminder. */
  send: (mail: ReplyReminderMail) => Promise<unknown>;
  addresses: Addresses;
  leaseMs: number;
};

/** Sends each reminder that is due and this instance wins the claim for; counts sent and failed. */
export async function sendReplyReminders(
  { store, clock, targetMinutes, send, addresses, leaseMs }: ReminderOptions,
  now = new Date(),
) {
  const counts: { sent: number; failed: number; lastError?: unknown } = { sent: 0, failed: 0 };
  // A business minute is at least a wall-clock minute: none received later can be due yet.
  const earliest = new Date(now.getTime() - targetMinutes * 60_000);
  for (const enquiry of await store.replies.awaitingReply(earliest)) {
    const received = new Date(enquiry.receivedAt);
    if (clock.dueAt(received, targetMinutes) > now) continue;
    const claim = await store.replies.claimReminder(enquiry.id, now, leaseMs);
    if (!claim) continue;
    try {
      const waitedMinutes = clock.minutesBetween(received, now);
      await send(composeReplyReminderMail(enquiry, { waitedMinutes, targetMinutes }, addresses));
      if (await store.replies.reminderSent(claim, now)) counts.sent++;
    } catch (error) {
      counts.failed++;
      counts.lastError = error;
      await store.replies.dropReminderClaim(claim).catch(() => {});
    }
  }
  return counts;
}

/** Looks now and every `intervalMs` (a minute), while the service runs with mail set. */
export function startReplyReminders(
  options: ReminderOptions & {
    log: Record<"info" | "error", (fields: object, message: string) => void>;
    intervalMs?: number;
  },
) {
  const { log } = options;
  return repeat(async () => {
    try {
      // Counts only: who waits is for the team's mailbox, not the log.
      const { sent, failed, lastError } = await sendReplyReminders(options);
      if (sent > 0) log.info({ sent }, "reply reminders sent");
      if (failed > 0)
        log.error({ failed, err: lastError }, "could not send reply reminders; will try again");
    } catch (error) {
      log.error({ err: error }, "could not look for overdue enquiries");
    }
  }, options.intervalMs ?? 60_000);
}
