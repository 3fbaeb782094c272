import { randomUUID } from "node:crypto";
import type { Database } from "./database";

// The reply clock's part of the store (decision 0048): when an enquiry's first reply came (or
// staff set it Contacted), and its one reminder when none came in time. The reminder is claimed
// on the enquiry's row under a lease, as a delivery job is, so several instances send it once;
// one that dies mid-send leaves the lease to run out, and another sends it.

export type ReplyClockStore = ReturnType<typeof replyClockStore>;
export type ReminderClaim = { id: string; lease: string };

export function replyClockStore({ db, clockTime }: Database) {
  const iso = (moment: Date | string | number) => new Date(moment).toISOString();

  return {
    /**
     * Stops the enquiry's clock at `now`: its first reply, or staff setting it Contacted. A
     * later reply leaves the first one's time. False when it had stopped already or is unknown.
     */
    async stopClock(id: string, now: Date) {
      const stopped = await db
        .updateTable("enquiries")
        .set({ firstReplyAt: now.toISOString() })
        .where((eb) => eb.and([eb("id", "=", id), eb("firstReplyAt", "is", null)]))
        .executeTakeFirst();
      return stopped.numUpdatedRows === 1n;
    },

    /**
     * Accepted enquiries received by `receivedBy` with neither a first reply nor a
     * reminder yet, oldest first: what a reminder may be due for; each with its owner's
     * address, whom the reminder goes to (decision 0049), if it has one.
     */
    async awaitingReply(receivedBy: Date) {
      const rows = await db
        .selectFrom("enquiries")
        .leftJoin("staff", "staff.id", "enquiries.ownerId")
        .select([
          "enquiries.id",
          "enquiries.receivedAt",
          "enquiries.name",
          "enquiries.email",
          "enquiries.phone",
          "enquiries.enquiryType",
          "staff.email as ownerEmail",
        ])
        .where((eb) =>
          eb.and([
            eb("enquiries.status", "=", "accepted"),
            eb("enquiries.firstReplyAt", "is", null),
            eb("enquiries.remindedAt", "is", null),
            eb("enquiries.receivedAt", "<=", receivedBy.toISOString()),
          ]),
        )
        .orderBy("enquiries.receivedAt")
        .orderBy("enquiries.id")
        .execute();
      return rows.map((row) => ({ ...row, receivedAt: iso(row.receivedAt) }));
    },

    /**
     * Claims the enquiry's reminder until `now` + `leaseMs`: undefined once it was answered or
     * reminded, or while another instance holds the claim. One conditional UPDATE, so of
     * several instances trying at once exactly one finds the row still unclaimed.
     */
    async claimReminder(id: string, now: Date, leaseMs: number) {
      const lease = randomUUID();
      const claimed = await db
        .updateTable("enquiries")
        .set({
          reminderLeaseToken: lease,
          reminderLeaseUntil: clockTime(new Date(now.getTime() + leaseMs)),
        })
        .where((eb) =>
          eb.and([
            eb("id", "=", id),
            eb("firstReplyAt", "is", null),
            eb("remindedAt", "is", null),
            eb.or([
              eb("reminderLeaseUntil", "is", null),
              eb("reminderLeaseUntil", "<=", clockTime(now)),
            ]),
          ]),
        )
        .executeTakeFirst();
      return claimed.numUpdatedRows === 1n ? { id, lease } : undefined;
    },

    /** Records the claimed reminder sent; false if the claim was lost meanwhile. */
    async reminderSent({ id, lease }: ReminderClaim, now: Date) {
      const sent = await db
        .updateTable("enquiries")
        .set({ remindedAt: now.toISOString(), reminderLeaseToken: null, reminderLeaseUntil: null })
        .where((eb) => eb.and({ id, reminderLeaseToken: lease }))
        .executeTakeFirst();
      return sent.numUpdatedRows === 1n;
    },

    /** Gives up a claim whose mail failed, so the next look may try again at once. */
    async dropReminderClaim({ id, lease }: ReminderClaim) {
      await db
        .updateTable("enquiries")
        .set({ reminderLeaseToken: null, reminderLeaseUntil: null })
        .where((eb) => eb.and({ id, reminderLeaseToken: lease }))
        .execute();
    },
  };
}
