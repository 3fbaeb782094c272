import { randomUUID } from "node:crypto";
import pg from "pg";
import {
  acknowledgementIntervalMs,
  type DeliveryChannel,
  type EnquiryStore,
  type StoredEnquiry,
} from "./enquiry-store";
import { postgresInsightsStore } from "./postgres-insights-store";
import { migrate } from "./postgres-migrations";
import { inTransaction } from "./postgres-transaction";
import {
  type DeliveryRow,
  deliveryColumnList,
  type EnquiryRow,
  emptyBacklog,
  enquiryColumnList,
  enquiryColumns,
  enquiryValues,
  shortReason,
  toStoredEnquiry,
  withDeliveries,
} from "./store-rows";

// `$1, $2, …` for the enquiry's columns; the parameters after them are the statement's own.
const enquiryParameters = enquiryColumns.map((_, i) => `$${i + 1}`).join(", ");
const next = enquiryColumns.length + 1;
const emailParameter = `$${enquiryColumns.findIndex((c) => c.key === "email") + 1}`;

// Named statements: PostgreSQL parses and plans each once per connection.
const insertEnquiryWithJobs = {
  name: "insert-enquiry-with-jobs",
  // One statement is one transaction: the enquiry and its jobs commit together, in one round
  // trip. The acknowledgement's upsert changes a row (and so returns one) only when the
  // address had none since the given moment; a concurrent enquiry from the same address
  // waits on the row and then sees the other's acknowledgement, so only one is sent.
  text: `WITH enquiry AS (
           INSERT INTO enquiries (${enquiryColumnList}) VALUES (${enquiryParameters})
         ), acknowledged AS (
           INSERT INTO acknowledgements (address, acknowledged_at)
           SELECT lower(${emailParameter}), $2 WHERE $${next + 1}::boolean
           ON CONFLICT (address) DO UPDATE SET acknowledged_at = excluded.acknowledged_at
           WHERE acknowledgements.acknowledged_at <= $${next + 2}
           RETURNING 1
         )
         INSERT INTO deliveries (enquiry_id, channel, status, attempts, next_attempt_at)
         SELECT $1, channel, 'pending', 0, $2 FROM unnest($${next}::text[]) AS channel
         UNION ALL SELECT $1, 'acknowledgement', 'pending', 0, $2 FROM acknowledged`,
};

// SKIP LOCKED: instances claiming at the same moment each take a different due job instead of
// queueing on the same row. Moving next_attempt_at to the lease's end is the lease itself.
const claimDue = {
  name: "claim-due-delivery",
  text: `UPDATE deliveries d SET next_attempt_at = $3, lease_token = $4
         FROM enquiries e
         WHERE e.id = d.enquiry_id AND d.channel = $1 AND d.enquiry_id = (
           SELECT pending.enquiry_id
           FROM deliveries pending JOIN enquiries received ON received.id = pending.enquiry_id
           WHERE pending.channel = $1 AND pending.status = 'pending'
             AND pending.next_attempt_at <= $2
           ORDER BY pending.next_attempt_at, received.received_at
           LIMIT 1
           FOR UPDATE OF pending SKIP LOCKED
         )
         RETURNING e.*, d.attempts`,
};

// The end of an erasing statement whose CTE `gone` names the enquiries and `jobs` deletes their
// deliveries; the foreign key is checked at the end of the statement, when both are gone.
const deleteEnquiries = `, deleted AS (DELETE FROM enquiries WHERE id IN (SELECT id FROM gone) RETURNING 1)
  SELECT count(*)::int AS erased FROM deleted`;
const pendingJob =
  "EXISTS (SELECT 1 FROM deliveries d WHERE d.enquiry_id = e.id AND d.status = 'pending')";

export async function openPostgresEnquiryStore(url: string): Promise<EnquiryStore> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server drops (restart, failover) must not crash the process; the
  // pool replaces it and the next query reports any lasting problem.
  pool.on("error", () => {});
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }

  /** Enquiries chosen by `where` (on `e`), with their jobs, in the order received. */
  async function enquiriesWithJobs(where: string, values: unknown[]) {
    const enquiries = await pool.query<EnquiryRow>(
      `SELECT * FROM enquiries e ${where} ORDER BY received_at, id`,
      values,
    );
    const jobs = await pool.query<DeliveryRow>(
      `SELECT ${deliveryColumnList} FROM deliveries
       WHERE enquiry_id IN (SELECT id FROM enquiries e ${where})`,
      values,
    );
    return withDeliveries(enquiries.rows, jobs.rows);
  }

  return {
    async saveEnquiry(enquiry, now, plan) {
      const stored: StoredEnquiry = { id: randomUUID(), receivedAt: now.toISOString(), ...enquiry };
      await pool.query({
        ...insertEnquiryWithJobs,
        values: [
          ...enquiryValues(stored),
          plan.channels,
          plan.acknowledge,
          new Date(now.getTime() - acknowledgementIntervalMs),
        ],
      });
      return stored;
    },
    async claimDueDelivery(channel, now, leaseMs) {
      const lease = randomUUID();
      const leaseExpiresAt = new Date(now.getTime() + leaseMs);
      const { rows } = await pool.query<EnquiryRow & { attempts: number }>({
        ...claimDue,
        values: [channel, now, leaseExpiresAt, lease],
      });
      const row = rows[0];
      return (
        row && {
          enquiry: toStoredEnquiry(row),
          channel,
          failedAttempts: row.attempts,
          lease,
          leaseExpiresAt,
        }
      );
    },
    async extendLease({ enquiry, channel, lease }, until) {
      const { rowCount } = await pool.query(
        `UPDATE deliveries SET next_attempt_at = $4
         WHERE enquiry_id = $1 AND channel = $2 AND lease_token = $3 AND status = 'pending'`,
        [enquiry.id, channel, lease, until],
      );
      return rowCount === 1;
    },
    async nextDueAt(channel: DeliveryChannel) {
      const { rows } = await pool.query<{ due: Date | null }>(
        `SELECT min(next_attempt_at) AS due FROM deliveries
         WHERE channel = $1 AND status = 'pending'`,
        [channel],
      );
      return rows[0]?.due ?? undefined;
    },
    async markDelivered(id, channel, now) {
      await pool.query(
        `UPDATE deliveries SET status = 'delivered', delivered_at = $3, next_attempt_at = NULL,
           attempts = attempts + 1, last_error = NULL, lease_token = NULL
         WHERE enquiry_id = $1 AND channel = $2 AND status = 'pending'`,
        [id, channel, now],
      );
    },
    async markAttemptFailed({ enquiry, channel, lease }, nextAttemptAt, reason) {
      await pool.query(
        `UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = $4, last_error = $5,
           lease_token = NULL
         WHERE enquiry_id = $1 AND channel = $2 AND lease_token = $3`,
        [enquiry.id, channel, lease, nextAttemptAt, shortReason(reason)],
      );
    },
    async listEnquiries() {
      return enquiriesWithJobs("", []);
    },
    async findByEmail(email) {
      return enquiriesWithJobs("WHERE lower(e.email) = lower($1)", [email]);
    },
    async eraseByEmail(email) {
      // One statement, so one transaction: the jobs and the acknowledgement record go with
      // their enquiries. Deleted rows leave every query at once; PostgreSQL reuses their space
      // after VACUUM (see 0006).
      const { rows } = await pool.query<{ erased: number }>(
        `WITH gone AS (SELECT id FROM enquiries WHERE lower(email) = lower($1)),
           jobs AS (DELETE FROM deliveries WHERE enquiry_id IN (SELECT id FROM gone)),
           acknowledged AS (DELETE FROM acknowledgements WHERE address = lower($1))
         ${deleteEnquiries}`,
        [email],
      );
      return rows[0]?.erased ?? 0;
    },
    async purgeDelivered(cutoff, { dryRun = false, now = new Date() } = {}) {
      const { rows } = await pool.query<{ delivered: number; pending: number }>(
        `SELECT count(*) FILTER (WHERE NOT ${pendingJob})::int AS delivered,
           count(*) FILTER (WHERE ${pendingJob})::int AS pending
         FROM enquiries e WHERE e.received_at < $1`,
        [cutoff],
      );
      const keptUndelivered = rows[0]?.pending ?? 0;
      if (dryRun) return { deleted: rows[0]?.delivered ?? 0, keptUndelivered };
      await pool.query("DELETE FROM acknowledgements WHERE acknowledged_at < $1", [
        new Date(now.getTime() - acknowledgementIntervalMs),
      ]);
      const purged = await pool.query<{ erased: number }>(
        `WITH gone AS (SELECT e.id FROM enquiries e WHERE e.received_at < $1 AND NOT ${pendingJob}),
           jobs AS (DELETE FROM deliveries WHERE enquiry_id IN (SELECT id FROM gone))
         ${deleteEnquiries}`,
        [cutoff],
      );
      return { deleted: purged.rows[0]?.erased ?? 0, keptUndelivered };
    },
    async deliveryBacklog() {
      const { rows } = await pool.query<{
        channel: DeliveryChannel;
        pending: number;
        oldest: Date | null;
      }>(
        `SELECT d.channel, count(*)::int AS pending, min(e.received_at) AS oldest
         FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id WHERE d.status = 'pending'
         GROUP BY d.channel`,
      );
      const backlog = emptyBacklog();
      for (const row of rows) {
        backlog[row.channel] = {
          pending: row.pending,
          oldestPendingSince: row.oldest ?? undefined,
        };
      }
      return backlog;
    },
    async importEnquiries(enquiries) {
      return inTransaction(pool, async (client) => {
        let added = 0;
        let updated = 0;
        for (const { delivery, ...enquiry } of enquiries) {
          const inserted = await client.query(
            `INSERT INTO enquiries (${enquiryColumnList}) VALUES (${enquiryParameters})
             ON CONFLICT (id) DO NOTHING`,
            enquiryValues(enquiry),
          );
          let changed = 0;
          for (const job of delivery.channels) {
            const result = await client.query(
              `INSERT INTO deliveries (${deliveryColumnList}) VALUES ($1, $2, $3, $4, $5, $6, $7)
               ON CONFLICT (enquiry_id, channel) DO UPDATE SET status = excluded.status,
                 attempts = excluded.attempts, next_attempt_at = NULL,
                 delivered_at = excluded.delivered_at, last_error = NULL, lease_token = NULL
               WHERE deliveries.status = 'pending' AND excluded.status = 'delivered'`,
              [
                enquiry.id,
                job.channel,
                job.status,
                job.attempts,
                job.nextAttemptAt,
                job.deliveredAt,
                job.lastError,
              ],
            );
            changed += result.rowCount ?? 0;
          }
          if (inserted.rowCount) added++;
          else if (changed) updated++;
        }
        return { added, updated };
      });
    },
    insights: postgresInsightsStore(pool),
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
