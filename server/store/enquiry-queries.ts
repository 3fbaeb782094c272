import { randomUUID } from "node:crypto";
import {
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SqlBool,
  sql,
} from "kysely";
import type { Database, Tables } from "./database";
import {
  acknowledgementIntervalMs,
  type ChannelDelivery,
  type DeliveryBacklog,
  type DeliveryChannel,
  deliveryChannels,
  type EnquiryStore,
  type EnquiryWithDelivery,
  type StoredEnquiry,
} from "./enquiry-store";

type EnquiryRow = Selectable<Tables["enquiries"]>;
type JobRow = Selectable<Tables["deliveries"]>;
type Filter = (eb: ExpressionBuilder<Tables, "enquiries">) => Expression<SqlBool>;

const iso = (moment: Date | string | number) => new Date(moment).toISOString();

const toStoredEnquiry = (row: EnquiryRow): StoredEnquiry => ({
  ...row,
  receivedAt: iso(row.receivedAt),
});

const toChannelDelivery = ({ enquiryId, leaseToken, ...job }: JobRow): ChannelDelivery => ({
  ...job,
  nextAttemptAt: job.nextAttemptAt == null ? null : iso(job.nextAttemptAt),
  deliveredAt: job.deliveredAt == null ? null : iso(job.deliveredAt),
});

/** Enquiries with their jobs, in the enquiries' order, the jobs in the channels' order. */
function withDeliveries(enquiries: EnquiryRow[], deliveries: JobRow[]): EnquiryWithDelivery[] {
  const jobs = new Map<string, JobRow[]>();
  for (const job of deliveries) {
    const id = String(job.enquiryId);
    jobs.set(id, [...(jobs.get(id) ?? []), job]);
  }
  const order = (job: ChannelDelivery) => deliveryChannels.indexOf(job.channel);
  return enquiries.map((row) => {
    const channels = (jobs.get(String(row.id)) ?? [])
      .map(toChannelDelivery)
      .sort((a, b) => order(a) - order(b));
    const delivered = channels.every((job) => job.status === "delivered");
    return {
      ...toStoredEnquiry(row),
      delivery: { status: delivered ? "delivered" : "pending", channels },
    };
  });
}

/** A channel's job for an enquiry, with any further columns it must still have. */
const job =
  (enquiryId: string, channel: DeliveryChannel, also: Partial<JobRow> = {}) =>
  (eb: ExpressionBuilder<Tables, "deliveries">) =>
    eb.and({ enquiryId, channel, ...also });

/** What every recorded attempt does: counts it and ends its claim. */
const outcome = (eb: ExpressionBuilder<Tables, "deliveries">) => ({
  attempts: eb("attempts", "+", 1),
  leaseToken: null,
});

// The form only takes ASCII addresses (zod's email rule), so SQLite's ASCII lower() is enough.
const lower = (email: string) => sql<string>`lower(${email})`;
const fromAddress =
  (email: string): Filter =>
  (eb) =>
    eb(eb.fn("lower", ["email"]), "=", lower(email));
const everyEnquiry: Filter = (eb) => eb.lit(true);

/** The enquiry store's queries, the same for both engines (the claim aside: see there). */
export function enquiryQueries({
  db,
  engine,
  clockTime,
  together,
  forgetDeleted,
}: Database): Omit<EnquiryStore, "insights" | "close"> {
  async function enquiriesWithJobs(filter: Filter) {
    const chosen = db.selectFrom("enquiries").where(filter);
    const enquiries = await chosen.selectAll().orderBy("receivedAt").orderBy("id").execute();
    const jobs = await db
      .selectFrom("deliveries")
      .selectAll()
      .where("enquiryId", "in", chosen.select("id"))
      .execute();
    return withDeliveries(enquiries, jobs);
  }

  // An enquiry is undelivered while any of its jobs is pending.
  const hasPendingJob = (eb: ExpressionBuilder<Tables, "enquiries">) =>
    eb.exists(
      eb
        .selectFrom("deliveries")
        .select("deliveries.enquiryId")
        .whereRef("deliveries.enquiryId", "=", "enquiries.id")
        .where("deliveries.status", "=", "pending"),
    );

  return {
    async saveEnquiry(enquiry, now, plan) {
      const stored: StoredEnquiry = { id: randomUUID(), receivedAt: now.toISOString(), ...enquiry };
      const dueAt = clockTime(now);
      const jobs = (channels: DeliveryChannel[]) =>
        channels.map((channel) => ({
          enquiryId: stored.id,
          channel,
          status: "pending" as const,
          attempts: 0,
          nextAttemptAt: dueAt,
        }));
      if (!plan.acknowledge) {
        const enquiryRow = db.insertInto("enquiries").values(stored);
        const jobRows = jobs(plan.channels);
        // On PostgreSQL the same two INSERTs go as one statement, one round trip instead of
        // four (BEGIN, two INSERTs, COMMIT): it takes an INSERT inside WITH, SQLite does not.
        // Most of a durable enquiry's cost there (decision 0027).
        await (engine === "postgres"
          ? db
              .with("enquiry", () => enquiryRow)
              .insertInto("deliveries")
              .values(jobRows)
              .execute()
          : together([enquiryRow, db.insertInto("deliveries").values(jobRows)]));
        return stored;
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("enquiries").values(stored).execute();
        // The upsert changes a row (and so returns one) only when the address had no
        // acknowledgement in the interval. On PostgreSQL a concurrent enquiry from the same
        // address waits on the row and then sees the other's acknowledgement: one is sent.
        const acknowledged =
          plan.acknowledge &&
          (await trx
            .insertInto("acknowledgements")
            .values({ address: lower(enquiry.email), acknowledgedAt: dueAt })
            .onConflict((oc) =>
              oc
                .column("address")
                .doUpdateSet((eb) => ({ acknowledgedAt: eb.ref("excluded.acknowledgedAt") }))
                .where(
                  "acknowledgements.acknowledgedAt",
                  "<=",
                  clockTime(new Date(now.getTime() - acknowledgementIntervalMs)),
                ),
            )
            .returning("address")
            .executeTakeFirst()) !== undefined;
        const channels = [...plan.channels, ...(acknowledged ? ["acknowledgement" as const] : [])];
        if (channels.length > 0)
          await trx.insertInto("deliveries").values(jobs(channels)).execute();
      });
      return stored;
    },
    async claimDueDelivery(channel, now, leaseMs) {
      const lease = randomUUID();
      const leaseExpiresAt = new Date(now.getTime() + leaseMs);
      // One statement picks the soonest due job and moves its next attempt to the lease's end,
      // which is the lease itself (decision 0006). SQLite lets one writer in at a time; on
      // PostgreSQL, SKIP LOCKED has instances claiming at once take different jobs instead of
      // queueing on one row.
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
      // An enquiry erased since went with its jobs: then there is nothing to deliver.
      if (!enquiry) return undefined;
      return {
        enquiry: toStoredEnquiry(enquiry),
        channel,
        failedAttempts: job.attempts,
        lease,
        leaseExpiresAt,
      };
    },
    async extendLease({ enquiry, channel, lease }, until) {
      const { numUpdatedRows } = await db
        .updateTable("deliveries")
        .set({ nextAttemptAt: clockTime(until) })
        .where(job(enquiry.id, channel, { leaseToken: lease, status: "pending" }))
        .executeTakeFirstOrThrow();
      return numUpdatedRows === 1n;
    },
    async nextDueAt(channel) {
      const { due } = await db
        .selectFrom("deliveries")
        .select((eb) => eb.fn.min("nextAttemptAt").as("due"))
        .where((eb) => eb.and({ channel, status: "pending" }))
        .executeTakeFirstOrThrow();
      return due == null ? undefined : new Date(due);
    },
    async markDelivered(id, channel, now) {
      await db
        .updateTable("deliveries")
        .set((eb) => ({
          ...outcome(eb),
          status: "delivered",
          deliveredAt: now.toISOString(),
          nextAttemptAt: null,
          lastError: null,
        }))
        .where(job(id, channel, { status: "pending" }))
        .execute();
    },
    async markAttemptFailed({ enquiry, channel, lease }, nextAttemptAt, reason) {
      await db
        .updateTable("deliveries")
        .set((eb) => ({
          ...outcome(eb),
          nextAttemptAt: clockTime(nextAttemptAt),
          // Kept short: it is for operators, and SMTP replies can be long.
          lastError: reason.slice(0, 500),
        }))
        .where(job(enquiry.id, channel, { leaseToken: lease }))
        .execute();
    },
    listEnquiries: () => enquiriesWithJobs(everyEnquiry),
    findByEmail: (email) => enquiriesWithJobs(fromAddress(email)),
    async eraseByEmail(email) {
      const chosen = db.selectFrom("enquiries").select("id").where(fromAddress(email));
      const [, , erased = 0n] = await together([
        db.deleteFrom("deliveries").where("enquiryId", "in", chosen),
        db.deleteFrom("acknowledgements").where("address", "=", lower(email)),
        db.deleteFrom("enquiries").where(fromAddress(email)),
      ]);
      await forgetDeleted();
      return Number(erased);
    },
    async purgeDelivered(cutoff, { dryRun = false, now = new Date() } = {}) {
      const old = (eb: ExpressionBuilder<Tables, "enquiries">) =>
        eb("receivedAt", "<", cutoff.toISOString());
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
        .where(
          "acknowledgedAt",
          "<",
          clockTime(new Date(now.getTime() - acknowledgementIntervalMs)),
        )
        .execute();
      if (Number(counts.delivered) === 0) return { deleted: 0, keptUndelivered };
      const delivered = db
        .selectFrom("enquiries")
        .select("id")
        .where((eb) => eb.and([old(eb), eb.not(hasPendingJob(eb))]));
      const [, purged = 0n] = await together([
        db.deleteFrom("deliveries").where("enquiryId", "in", delivered),
        db.deleteFrom("enquiries").where("id", "in", delivered),
      ]);
      await forgetDeleted();
      return { deleted: Number(purged), keptUndelivered };
    },
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
      const backlog = Object.fromEntries(
        deliveryChannels.map((channel) => [channel, { pending: 0, oldestPendingSince: undefined }]),
      ) as DeliveryBacklog;
      for (const row of rows) {
        backlog[row.channel] = {
          pending: Number(row.pending),
          oldestPendingSince: row.oldest == null ? undefined : new Date(row.oldest),
        };
      }
      return backlog;
    },
    async importEnquiries(enquiries) {
      return db.transaction().execute(async (trx) => {
        let added = 0;
        let updated = 0;
        for (const { delivery, ...enquiry } of enquiries) {
          const inserted = await trx
            .insertInto("enquiries")
            .values(enquiry)
            .onConflict((oc) => oc.column("id").doNothing())
            .executeTakeFirstOrThrow();
          let changed = 0n;
          for (const job of delivery.channels) {
            // A job still pending here is brought up to date when the source delivered it.
            const result = await trx
              .insertInto("deliveries")
              .values({
                ...job,
                enquiryId: enquiry.id,
                nextAttemptAt: job.nextAttemptAt && clockTime(new Date(job.nextAttemptAt)),
              })
              .onConflict((oc) =>
                oc
                  .columns(["enquiryId", "channel"])
                  .doUpdateSet((eb) => ({
                    status: eb.ref("excluded.status"),
                    attempts: eb.ref("excluded.attempts"),
                    nextAttemptAt: null,
                    deliveredAt: eb.ref("excluded.deliveredAt"),
                    lastError: null,
                    leaseToken: null,
                  }))
                  .where("deliveries.status", "=", "pending")
                  .where("excluded.status", "=", "delivered"),
              )
              .executeTakeFirstOrThrow();
            changed += result.numInsertedOrUpdatedRows ?? 0n;
          }
          if (inserted.numInsertedOrUpdatedRows) added++;
          else if (changed) updated++;
        }
        return { added, updated };
      });
    },
  };
}
