import { randomUUID } from "node:crypto";
import {
  type Expression,
  type ExpressionBuilder,
  type QueryCreator,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type { Enquiry } from "../../contract/enquiry";
import { chunks, type Database } from "./database";
import { type InboxStore, isEnquiryId } from "./inbox-store";
import type { InsightsStore } from "./insights-store";
import type { ReplyClockStore } from "./reply-clock-store";
import type { ReplyFiguresStore } from "./reply-figures-store";
import {
  type DeliveryChannel,
  deliveryChannels,
  type EnquiryStage,
  type EnquiryStatus,
  type StoredEnquiry,
  type Tables,
} from "./schema";
import type { StaffStore } from "./staff-store";

// The service's one boundary with its storage, each query once for SQLite and PostgreSQL
// (decision 0027); the contract suite (enquiry-store.test.ts) runs on both.

/** An address gets at most one acknowledgement in this long, whatever its case. */
export const acknowledgementIntervalMs = 86_400_000;

/** The company's channels configured now, and whether to acknowledge to the visitor. */
export type DeliveryPlan = { channels: ("mail" | "webhook")[]; acknowledge: boolean };

export type EnquiryStore = ReturnType<typeof enquiryStore>;
export type EnquiryWithDelivery = Awaited<ReturnType<EnquiryStore["listEnquiries"]>>[number];
export type PurgeOutcome = Awaited<ReturnType<EnquiryStore["purgeDelivered"]>>;
export type DeliveryBacklog = Awaited<ReturnType<EnquiryStore["deliveryBacklog"]>>;
/** An enquiry as copying to another store carries it: with what the inbox keeps and its timeline. */
export type CopiedEnquiry = Awaited<ReturnType<EnquiryStore["exportEnquiries"]>>[number];
/** What a person's decision on a held enquiry did: `done`, or why nothing changed. */
export type HeldDecision = "done" | "not_held" | "not_found";

type Claim = { enquiry: StoredEnquiry; channel: DeliveryChannel; lease: string };
type EnquiryRow = Selectable<Tables["enquiries"]>;
type JobRow = Selectable<Tables["deliveries"]>;
type Where<Table extends keyof Tables> = ExpressionBuilder<Tables, Table>;

const iso = (moment: Date | string | number) => new Date(moment).toISOString();
const isoOrNull = (moment: Date | string | number | null) => (moment == null ? null : iso(moment));

// The reply clock's and the inbox's columns are their own (reply-clock-store.ts,
// inbox-store.ts); mails, listings and imports carry the enquiry.
const asStored = ({
  heldDigestDay,
  firstReplyAt,
  remindedAt,
  reminderLeaseToken,
  reminderLeaseUntil,
  stage,
  ownerId,
  entryPage,
  source,
  ...row
}: EnquiryRow): StoredEnquiry => ({
  ...row,
  receivedAt: iso(row.receivedAt),
});

/** What the inbox and the reply clock keep of an enquiry, which a copy carries (not their leases). */
const keptColumns = [
  "heldDigestDay",
  "firstReplyAt",
  "remindedAt",
  "stage",
  "ownerId",
  "entryPage",
  "source",
] as const;
type Kept = {
  heldDigestDay: string | null;
  firstReplyAt: string | null;
  remindedAt: string | null;
  stage: EnquiryStage;
  ownerId: string | null;
  entryPage: string | null;
  source: string | null;
};
type CopiedEvent = Omit<Selectable<Tables["enquiryEvents"]>, "at"> & { at: string };
/** What an enquiry imported without them starts with, as a new one does. */
const notKept: Kept = {
  heldDigestDay: null,
  firstReplyAt: null,
  remindedAt: null,
  stage: "new",
  ownerId: null,
  entryPage: null,
  source: null,
};
/** The columns a later copy brings up to date: the bot check's verdict and what staff kept. */
const updatedColumns = ["status", "heldReason", ...keptColumns] as const;

/**
 * Each enquiry with its jobs, in the order of `deliveryChannels`; delivered once every one is.
 * A held or spam enquiry has none: its delivery status is its own.
 */
function withDeliveries(enquiries: EnquiryRow[], jobs: JobRow[]) {
  const jobsOf = new Map<string, JobRow[]>();
  for (const job of jobs) jobsOf.set(job.enquiryId, [...(jobsOf.get(job.enquiryId) ?? []), job]);
  const order = (job: JobRow) => deliveryChannels.indexOf(job.channel);
  return enquiries.map((row) => {
    const channels = (jobsOf.get(row.id) ?? [])
      .sort((a, b) => order(a) - order(b))
      .map(({ enquiryId, leaseToken, ...job }) => ({
        ...job,
        nextAttemptAt: isoOrNull(job.nextAttemptAt),
        deliveredAt: isoOrNull(job.deliveredAt),
      }));
    const delivered = channels.every((job) => job.status === "delivered");
    const sent = delivered ? ("delivered" as const) : ("pending" as const);
    const status = row.status === "accepted" ? sent : row.status;
    return { ...asStored(row), delivery: { status, channels } };
  });
}

// The form takes ASCII addresses only (zod's email rule), so SQLite's ASCII lower() is enough.
const lower = (email: string) => sql<string>`lower(${email})`;
const fromAddress = (email: string) => (eb: Where<"enquiries">) =>
  eb(eb.fn("lower", ["email"]), "=", lower(email));

const isAccepted = (eb: Where<"enquiries">) => eb("status", "=", "accepted");
const notAccepted = (eb: Where<"enquiries">) => eb("status", "in", ["held", "spam"]);

/** An enquiry is undelivered while any of its jobs is pending. */
const hasPendingJob = (eb: Where<"enquiries">) =>
  eb.exists(
    eb
      .selectFrom("deliveries")
      .select("deliveries.enquiryId")
      .whereRef("deliveries.enquiryId", "=", "enquiries.id")
      .where("deliveries.status", "=", "pending"),
  );

/** What every recorded attempt does: counts it and ends its claim. */
const attempted = (eb: Where<"deliveries">) => ({
  attempts: eb("attempts", "+", 1),
  leaseToken: null,
});

export function enquiryStore(
  { db, engine, clockTime, forgetDeleted, close }: Database,
  insights: InsightsStore,
  staff: StaffStore,
  replies: ReplyClockStore,
  inbox: InboxStore,
  replyFigures: ReplyFiguresStore,
) {
  const ackCutoff = (now: Date) => clockTime(new Date(now.getTime() - acknowledgementIntervalMs));

  /** A value in an INSERT … SELECT, typed for PostgreSQL's uuid and timestamptz columns. */
  const typed = (value: string, type: "uuid" | "timestamptz") =>
    engine === "postgres" ? sql<string>`cast(${value} as ${sql.raw(type)})` : sql<string>`${value}`;

  /**
   * The row as stored, its owner the person routing names for its type (decision 0049), and the
   * timeline's record of that assignment, inserted only when a route names someone. Subqueries,
   * so storing takes no more round trips than it did.
   */
  const routed = (stored: StoredEnquiry) => ({
    ...stored,
    ownerId: (eb: ExpressionBuilder<Tables, "enquiries">) =>
      eb
        .selectFrom("enquiryRoutes")
        .select("enquiryRoutes.staffId")
        .where("enquiryRoutes.enquiryType", "=", stored.enquiryType),
  });
  const recordAssignment = (db: QueryCreator<Tables>, stored: StoredEnquiry) =>
    db
      .insertInto("enquiryEvents")
      .columns(["id", "enquiryId", "at", "staffId", "kind", "detail"])
      .expression((eb) =>
        eb
          .selectFrom("enquiryRoutes")
          .innerJoin("staff", "staff.id", "enquiryRoutes.staffId")
          .select([
            typed(randomUUID(), "uuid").as("id"),
            typed(stored.id, "uuid").as("enquiryId"),
            typed(stored.receivedAt, "timestamptz").as("at"),
            sql<null>`null`.as("staffId"),
            sql.lit("assigned").as("kind"),
            "staff.name as detail",
          ])
          .where("enquiryRoutes.enquiryType", "=", stored.enquiryType),
      );

  async function enquiriesWhere(filter: (eb: Where<"enquiries">) => Expression<SqlBool>) {
    const chosen = db.selectFrom("enquiries").where(filter);
    const enquiries = await chosen.selectAll().orderBy("receivedAt").orderBy("id").execute();
    const jobs = await db
      .selectFrom("deliveries")
      .selectAll()
      .where("enquiryId", "in", chosen.select("id"))
      .execute();
    return withDeliveries(enquiries, jobs);
  }

  /** The enquiry's pending jobs, all due `now`. */
  const jobs = (enquiryId: string, channels: DeliveryChannel[], now: Date) =>
    channels.map((channel) => ({
      enquiryId,
      channel,
      status: "pending" as const,
      attempts: 0,
      nextAttemptAt: clockTime(now),
    }));

  /** The jobs `plan` gives an accepted enquiry, the acknowledgement at most once a day per address. */
  async function addJobs(
    trx: Transaction<Tables>,
    enquiry: StoredEnquiry,
    now: Date,
    plan: DeliveryPlan,
  ) {
    // The upsert returns a row only when the address had no acknowledgement in the interval; on
    // PostgreSQL a concurrent enquiry from it waits on the row, then sees this one.
    const acknowledged =
      plan.acknowledge &&
      (await trx
        .insertInto("acknowledgements")
        .values({ address: lower(enquiry.email), acknowledgedAt: clockTime(now) })
        .onConflict((oc) =>
          oc
            .column("address")
            .doUpdateSet((eb) => ({ acknowledgedAt: eb.ref("excluded.acknowledgedAt") }))
            .where("acknowledgements.acknowledgedAt", "<=", ackCutoff(now)),
        )
        .returning("address")
        .executeTakeFirst());
    const channels = [...plan.channels, ...(acknowledged ? ["acknowledgement" as const] : [])];
    if (channels.length)
      await trx
        .insertInto("deliveries")
        .values(jobs(enquiry.id, channels, now))
        .execute();
  }

  /** Moves a held enquiry to `status`, doing `then` in the same transaction; else says why not. */
  async function decideHeld(
    id: string,
    status: Exclude<EnquiryStatus, "held">,
    then: (trx: Transaction<Tables>, enquiry: StoredEnquiry) => Promise<void>,
  ): Promise<HeldDecision> {
    if (!isEnquiryId(id)) return "not_found";
    return db.transaction().execute(async (trx) => {
      const decided = await trx
        .updateTable("enquiries")
        .set({ status })
        .where((eb) => eb.and({ id, status: "held" }))
        .returningAll()
        .executeTakeFirst();
      if (decided) {
        await then(trx, asStored(decided));
        return "done";
      }
      const known = await trx
        .selectFrom("enquiries")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      return known ? "not_held" : "not_found";
    });
  }

  return {
    insights,
    staff,
    replies,
    inbox,
    replyFigures,
    close,

    /**
     * Stores the enquiry and its pending jobs, as `plan` says, in one transaction; one `held`
     * (decision 0039) gets no job until a person releases it.
     */
    async saveEnquiry(
      enquiry: Enquiry,
      now: Date,
      plan: DeliveryPlan,
      held?: { reason: string },
    ): Promise<StoredEnquiry> {
      const stored: StoredEnquiry = {
        id: randomUUID(),
        receivedAt: now.toISOString(),
        ...enquiry,
        status: held ? "held" : "accepted",
        heldReason: held ? held.reason.slice(0, 200) : null,
      };
      if (held) {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto("enquiries").values(routed(stored)).execute();
          await recordAssignment(trx, stored).execute();
        });
        return stored;
      }
      if (!plan.acknowledge && engine === "postgres") {
        // One statement, one round trip, where a transaction takes four (decision 0027).
        await db
          .with("enquiry", (db) => db.insertInto("enquiries").values(routed(stored)))
          .with("assigned", (db) => recordAssignment(db, stored))
          .insertInto("deliveries")
          .values(jobs(stored.id, plan.channels, now))
          .execute();
        return stored;
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("enquiries").values(routed(stored)).execute();
        await recordAssignment(trx, stored).execute();
        await addJobs(trx, stored, now, plan);
      });
      return stored;
    },

    /**
     * A person's release of a held enquiry: it becomes accepted and gets its jobs, as `plan`
     * says, in one transaction. Only the first of several releases finds it held, so the
     * enquiry goes out once.
     */
    releaseHeld: (id: string, now: Date, plan: DeliveryPlan) =>
      decideHeld(id, "accepted", (trx, stored) => addJobs(trx, stored, now, plan)),

    /** A person's judgement that a held enquiry is spam: never delivered, purged as held ones are. */
    markSpam: (id: string) => decideHeld(id, "spam", async () => {}),

    /** The enquiries waiting for a person, oldest first. */
    listHeld: () => enquiriesWhere((eb) => eb("status", "=", "held")),

    /**
     * Claims the channel's job due soonest by moving its next attempt to the lease's end: nobody
     * else takes it until then (decision 0006); SKIP LOCKED lets instances claim at once.
     */
    async claimDueDelivery(channel: DeliveryChannel, now: Date, leaseMs: number) {
      const lease = randomUUID();
      const leaseExpiresAt = new Date(now.getTime() + leaseMs);
      const job = await db
        .updateTable("deliveries")
        .set({ nextAttemptAt: clockTime(leaseExpiresAt), leaseToken: lease })
        .where("channel", "=", channel)
        .where("enquiryId", "=", (eb) =>
          eb
            .selectFrom("deliveries as pending")
            .innerJoin("enquiries as received", "received.id", "pending.enquiryId")
            .select("pending.enquiryId")
            .where("pending.channel", "=", channel)
            .where("pending.status", "=", "pending")
            .where("pending.nextAttemptAt", "<=", clockTime(now))
            .orderBy("pending.nextAttemptAt")
            .orderBy("received.receivedAt")
            .limit(1)
            .$if(engine === "postgres", (query) => query.forUpdate("pending").skipLocked()),
        )
        .returning(["enquiryId", "attempts"])
        .executeTakeFirst();
      if (!job) return undefined;
      const enquiry = await db
        .selectFrom("enquiries")
        .selectAll()
        .where("id", "=", job.enquiryId)
        .executeTakeFirst();
      if (!enquiry) return undefined; // erased since, with its jobs
      return {
        enquiry: asStored(enquiry),
        channel,
        failedAttempts: job.attempts,
        /** Proves the claim; a later claim by another instance replaces it. */
        lease,
        leaseExpiresAt,
      };
    },

    /** Moves the lease's end to `until` while `claim` still holds it; false when it does not. */
    async extendLease({ enquiry, channel, lease }: Claim, until: Date) {
      const { numUpdatedRows } = await db
        .updateTable("deliveries")
        .set({ nextAttemptAt: clockTime(until) })
        .where((eb) =>
          eb.and({ enquiryId: enquiry.id, channel, leaseToken: lease, status: "pending" }),
        )
        .executeTakeFirstOrThrow();
      return numUpdatedRows === 1n;
    },

    /** When the channel's next job falls due (or its lease runs out); undefined when none. */
    async nextDueAt(channel: DeliveryChannel) {
      const { due } = await db
        .selectFrom("deliveries")
        .select((eb) => eb.fn.min("nextAttemptAt").as("due"))
        .where((eb) => eb.and({ channel, status: "pending" }))
        .executeTakeFirstOrThrow();
      return due == null ? undefined : new Date(due);
    },

    async markDelivered(id: string, channel: DeliveryChannel, now: Date) {
      await db
        .updateTable("deliveries")
        .set((eb) => ({
          ...attempted(eb),
          status: "delivered",
          deliveredAt: now.toISOString(),
          nextAttemptAt: null,
          lastError: null,
        }))
        .where((eb) => eb.and({ enquiryId: id, channel, status: "pending" }))
        .execute();
    },

    /** Records a failed attempt, unless another claim has since replaced `claim`. */
    async markAttemptFailed(
      { enquiry, channel, lease }: Claim,
      nextAttemptAt: Date,
      reason: string,
    ) {
      await db
        .updateTable("deliveries")
        // The reason is for operators, and SMTP replies can be long.
        .set((eb) => ({
          ...attempted(eb),
          nextAttemptAt: clockTime(nextAttemptAt),
          lastError: reason.slice(0, 500),
        }))
        .where((eb) => eb.and({ enquiryId: enquiry.id, channel, leaseToken: lease }))
        .execute();
    },

    listEnquiries: () => enquiriesWhere((eb) => eb.lit(true)),

    /** Every enquiry with its delivery, what the inbox keeps of it and its timeline (a copy's). */
    async exportEnquiries() {
      const listed = await enquiriesWhere((eb) => eb.lit(true));
      const rows = await db
        .selectFrom("enquiries")
        .select(["id", ...keptColumns])
        .execute();
      const kept = new Map(
        rows.map(({ id, firstReplyAt, remindedAt, ...row }) => [
          id,
          { ...row, firstReplyAt: isoOrNull(firstReplyAt), remindedAt: isoOrNull(remindedAt) },
        ]),
      );
      const events = await db
        .selectFrom("enquiryEvents")
        .selectAll()
        .orderBy("at")
        .orderBy("id")
        .execute();
      const eventsOf = new Map<string, CopiedEvent[]>();
      for (const e of events) {
        const timeline = eventsOf.get(e.enquiryId) ?? [];
        eventsOf.set(e.enquiryId, timeline);
        timeline.push({ ...e, at: iso(e.at) });
      }
      return listed.map((enquiry) => ({
        ...enquiry,
        kept: kept.get(enquiry.id) ?? notKept,
        events: eventsOf.get(enquiry.id) ?? [],
      }));
    },

    /** Every enquiry from this address, whatever its case (a person's access request). */
    findByEmail: (email: string) => enquiriesWhere(fromAddress(email)),

    /** A person's deletion request: their enquiries, jobs and acknowledgement; resolves to how many. */
    async eraseByEmail(email: string) {
      const erased = await db.transaction().execute(async (trx) => {
        const theirs = trx.selectFrom("enquiries").select("id").where(fromAddress(email));
        await trx.deleteFrom("deliveries").where("enquiryId", "in", theirs).execute();
        await trx.deleteFrom("acknowledgements").where("address", "=", lower(email)).execute();
        return trx.deleteFrom("enquiries").where(fromAddress(email)).executeTakeFirstOrThrow();
      });
      await forgetDeleted();
      return Number(erased.numDeletedRows);
    },

    /**
     * Deletes delivered enquiries received before `cutoff`, and old acknowledgements; dryRun
     * counts. Held and spam enquiries have no jobs, but are not delivered: purgeHeld's.
     */
    async purgeDelivered(
      cutoff: Date,
      { dryRun = false, now = new Date() }: { dryRun?: boolean; now?: Date } = {},
    ) {
      const old = (eb: Where<"enquiries">) =>
        eb.and([eb("receivedAt", "<", cutoff.toISOString()), isAccepted(eb)]);
      const counts = await db
        .selectFrom("enquiries")
        .where(old)
        .select((eb) => [
          eb.fn.countAll().filterWhere(hasPendingJob(eb)).as("pending"),
          eb.fn
            .countAll()
            .filterWhere(eb.not(hasPendingJob(eb)))
            .as("delivered"),
        ])
        .executeTakeFirstOrThrow();
      const keptUndelivered = Number(counts.pending);
      if (dryRun) return { deleted: Number(counts.delivered), keptUndelivered };
      await db
        .deleteFrom("acknowledgements")
        .where("acknowledgedAt", "<", ackCutoff(now))
        .execute();
      if (Number(counts.delivered) === 0) return { deleted: 0, keptUndelivered };
      const purged = await db.transaction().execute(async (trx) => {
        const delivered = trx
          .selectFrom("enquiries")
          .select("id")
          .where((eb) => eb.and([old(eb), eb.not(hasPendingJob(eb))]));
        await trx.deleteFrom("deliveries").where("enquiryId", "in", delivered).execute();
        return trx.deleteFrom("enquiries").where("id", "in", delivered).executeTakeFirstOrThrow();
      });
      await forgetDeleted();
      return { deleted: Number(purged.numDeletedRows), keptUndelivered };
    },

    /** Deletes held and spam enquiries received before `cutoff`; resolves to how many (dryRun: would). */
    async purgeHeld(cutoff: Date, { dryRun = false }: { dryRun?: boolean } = {}) {
      const old = (eb: Where<"enquiries">) =>
        eb.and([eb("receivedAt", "<", cutoff.toISOString()), notAccepted(eb)]);
      if (dryRun) {
        const { count } = await db
          .selectFrom("enquiries")
          .select((eb) => eb.fn.countAll().as("count"))
          .where(old)
          .executeTakeFirstOrThrow();
        return Number(count);
      }
      const purged = await db.deleteFrom("enquiries").where(old).executeTakeFirstOrThrow();
      const deleted = Number(purged.numDeletedRows);
      if (deleted > 0) await forgetDeleted();
      return deleted;
    },

    /** Held enquiries no digest has told of yet, oldest first. */
    newlyHeld: () =>
      enquiriesWhere((eb) => eb.and([eb("status", "=", "held"), eb("heldDigestDay", "is", null)])),

    /**
     * Claims `day`'s digest of held enquiries until `now` + `leaseMs`: undefined when it was sent
     * already or another instance holds the claim. The row is the claim, as a job is for delivery.
     */
    async claimHeldDigest(day: string, now: Date, leaseMs: number) {
      const lease = randomUUID();
      const claimed = await db
        .insertInto("heldDigests")
        .values({
          day,
          leaseToken: lease,
          leaseUntil: clockTime(new Date(now.getTime() + leaseMs)),
        })
        .onConflict((oc) =>
          oc
            .column("day")
            .doUpdateSet((eb) => ({
              leaseToken: eb.ref("excluded.leaseToken"),
              leaseUntil: eb.ref("excluded.leaseUntil"),
            }))
            .where("heldDigests.sentAt", "is", null)
            .where("heldDigests.leaseUntil", "<=", clockTime(now)),
        )
        .returning("day")
        .executeTakeFirst();
      return claimed && { day, lease };
    },

    /** Records the claimed digest sent, telling of `ids`; false if the claim was lost meanwhile. */
    async heldDigestSent({ day, lease }: { day: string; lease: string }, ids: string[], now: Date) {
      return db.transaction().execute(async (trx) => {
        const sent = await trx
          .updateTable("heldDigests")
          .set({ sentAt: now.toISOString(), leaseToken: null, leaseUntil: null })
          .where((eb) => eb.and({ day, leaseToken: lease }))
          .executeTakeFirstOrThrow();
        if (sent.numUpdatedRows !== 1n) return false;
        for (const chunk of chunks(ids))
          await trx
            .updateTable("enquiries")
            .set({ heldDigestDay: day })
            .where("id", "in", chunk)
            .execute();
        return true;
      });
    },

    /** Gives up a digest claim, so the next look may try again at once. */
    async dropHeldDigestClaim({ day, lease }: { day: string; lease: string }) {
      await db
        .deleteFrom("heldDigests")
        .where((eb) => eb.and({ day, leaseToken: lease }))
        .where("sentAt", "is", null)
        .execute();
    },

    /** Each channel's pending jobs, and when the oldest enquiry among them was received. */
    async deliveryBacklog() {
      const rows = await db
        .selectFrom("deliveries")
        .innerJoin("enquiries", "enquiries.id", "deliveries.enquiryId")
        .select((eb) => [
          "deliveries.channel",
          eb.fn.countAll().as("pending"),
          eb.fn.min("enquiries.receivedAt").as("oldest"),
        ])
        .where("deliveries.status", "=", "pending")
        .groupBy("deliveries.channel")
        .execute();
      const backlogOf = (channel: DeliveryChannel) => {
        const row = rows.find((row) => row.channel === channel);
        const since = row?.oldest == null ? undefined : new Date(row.oldest);
        return { pending: Number(row?.pending ?? 0), oldestPendingSince: since };
      };
      return Object.fromEntries(deliveryChannels.map((c) => [c, backlogOf(c)])) as Record<
        DeliveryChannel,
        ReturnType<typeof backlogOf>
      >;
    },

    /**
     * Adds another store's enquiries, their inbox state and timeline; for ids here, brings their
     * status, inbox state and timeline up to date, and a job pending here catches up on delivery.
     */
    async importEnquiries(
      enquiries: (ReturnType<typeof withDeliveries>[number] & {
        kept?: Kept;
        events?: CopiedEvent[];
      })[],
    ) {
      return db.transaction().execute(async (trx) => {
        const added = new Set<string>();
        const changed = new Set<string>();
        for (const chunk of chunks(enquiries, 100)) {
          const ids = chunk.map(({ id }) => id);
          const known = await trx.selectFrom("enquiries").select("id").where("id", "in", ids);
          const here = new Set((await known.execute()).map(({ id }) => id));
          const rows = chunk.map(({ delivery, kept = notKept, events, ...enquiry }) => ({
            ...enquiry,
            ...kept,
          }));
          const upserted = await trx
            .insertInto("enquiries")
            .values(rows)
            .onConflict((oc) =>
              oc
                .column("id")
                .doUpdateSet((eb) =>
                  Object.fromEntries(updatedColumns.map((c) => [c, eb.ref(`excluded.${c}`)])),
                )
                .where((eb) =>
                  eb.or(
                    updatedColumns.map((c) =>
                      eb(`enquiries.${c}`, "is distinct from", eb.ref(`excluded.${c}`)),
                    ),
                  ),
                ),
            )
            .returning("id")
            .execute();
          for (const { id } of upserted) (here.has(id) ? changed : added).add(id);
          const events = chunk.flatMap(({ events = [] }) => events);
          if (events.length)
            for (const { enquiryId } of await trx
              .insertInto("enquiryEvents")
              .values(events)
              .onConflict((oc) => oc.column("id").doNothing())
              .returning("enquiryId")
              .execute())
              changed.add(enquiryId);
          const jobs = chunk.flatMap(({ id, delivery }) =>
            delivery.channels.map((job) => ({
              ...job,
              enquiryId: id,
              nextAttemptAt: job.nextAttemptAt && clockTime(new Date(job.nextAttemptAt)),
            })),
          );
          if (jobs.length === 0) continue;
          const caughtUp = await trx
            .insertInto("deliveries")
            .values(jobs)
            .onConflict((oc) =>
              oc
                .columns(["enquiryId", "channel"])
                .doUpdateSet((eb) => ({
                  status: eb.ref("excluded.status"),
                  attempts: eb.ref("excluded.attempts"),
                  deliveredAt: eb.ref("excluded.deliveredAt"),
                  nextAttemptAt: null,
                  lastError: null,
                  leaseToken: null,
                }))
                .where("deliveries.status", "=", "pending")
                .where("excluded.status", "=", "delivered"),
            )
            .returning("enquiryId")
            .execute();
          for (const { enquiryId } of caughtUp) changed.add(enquiryId);
        }
        // SQLite's search copy (migration 015) merged into one segment, where each deletion
        // with secure-delete is ~6 times cheaper than over the many segments a bulk insert left.
        if (engine === "sqlite" && added.size)
          await sql`INSERT INTO enquiries_words (enquiries_words) VALUES ('optimize')`.execute(trx);
        return { added: added.size, updated: [...changed].filter((id) => !added.has(id)).length };
      });
    },
  };
}
