import { randomUUID } from "node:crypto";
import pg from "pg";
import type { EnquiryStore, StoredEnquiry } from "./enquiry-store";
import { migrate } from "./postgres-migrations";
import { inTransaction } from "./postgres-transaction";
import {
  type DeliveryRow,
  type EnquiryRow,
  shortReason,
  toEnquiryWithDelivery,
  toStoredEnquiry,
} from "./store-rows";

// Named statements: PostgreSQL parses and plans each once per connection.
const insertEnquiryWithJob = {
  name: "insert-enquiry-with-job",
  // One statement is one transaction: the enquiry and its job commit together, in one round trip.
  text: `WITH enquiry AS (
           INSERT INTO enquiries (id, received_at, name, phone, email, enquiry_type, message)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
         )
         INSERT INTO deliveries (enquiry_id, status, attempts, next_attempt_at)
         VALUES ($1, 'pending', 0, $2)`,
};

// SKIP LOCKED: instances claiming at the same moment each take a different due job instead of
// queueing on the same row. Moving next_attempt_at to the lease's end is the lease itself.
const claimDue = {
  name: "claim-due-delivery",
  text: `UPDATE deliveries d SET next_attempt_at = $2, lease_token = $3
         FROM enquiries e
         WHERE e.id = d.enquiry_id AND d.enquiry_id = (
           SELECT pending.enquiry_id
           FROM deliveries pending JOIN enquiries received ON received.id = pending.enquiry_id
           WHERE pending.status = 'pending' AND pending.next_attempt_at <= $1
           ORDER BY pending.next_attempt_at, received.received_at
           LIMIT 1
           FOR UPDATE OF pending SKIP LOCKED
         )
         RETURNING e.*, d.attempts`,
};

const withDelivery = `SELECT e.*, d.status, d.attempts, d.next_attempt_at, d.delivered_at,
    d.last_error
  FROM enquiries e JOIN deliveries d ON d.enquiry_id = e.id`;
// The end of an erasing statement whose CTE `gone` names the enquiries and `jobs` deletes their
// deliveries; the foreign key is checked at the end of the statement, when both are gone.
const deleteEnquiries = `, deleted AS (DELETE FROM enquiries WHERE id IN (SELECT id FROM gone) RETURNING 1)
  SELECT count(*)::int AS erased FROM deleted`;

const enquiryColumns = "id, received_at, name, phone, email, enquiry_type, message";
const deliveryColumns = "status, attempts, next_attempt_at, delivered_at, last_error";

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

  return {
    async saveEnquiry(enquiry, now) {
      const stored: StoredEnquiry = { ...enquiry, id: randomUUID(), receivedAt: now.toISOString() };
      await pool.query({
        ...insertEnquiryWithJob,
        values: [
          stored.id,
          now,
          stored.name,
          stored.phone,
          stored.email,
          stored.enquiryType,
          stored.message,
        ],
      });
      return stored;
    },
    async claimDueDelivery(now, leaseMs) {
      const lease = randomUUID();
      const leaseExpiresAt = new Date(now.getTime() + leaseMs);
      const { rows } = await pool.query<EnquiryRow & { attempts: number }>({
        ...claimDue,
        values: [now, leaseExpiresAt, lease],
      });
      const row = rows[0];
      return (
        row && {
          enquiry: toStoredEnquiry(row),
          failedAttempts: row.attempts,
          lease,
          leaseExpiresAt,
        }
      );
    },
    async extendLease(id, lease, until) {
      const { rowCount } = await pool.query(
        `UPDATE deliveries SET next_attempt_at = $3
         WHERE enquiry_id = $1 AND lease_token = $2 AND status = 'pending'`,
        [id, lease, until],
      );
      return rowCount === 1;
    },
    async nextDueAt() {
      const { rows } = await pool.query<{ due: Date | null }>(
        "SELECT min(next_attempt_at) AS due FROM deliveries WHERE status = 'pending'",
      );
      return rows[0]?.due ?? undefined;
    },
    async markDelivered(id, now) {
      await pool.query(
        `UPDATE deliveries SET status = 'delivered', delivered_at = $2, next_attempt_at = NULL,
           attempts = attempts + 1, last_error = NULL, lease_token = NULL
         WHERE enquiry_id = $1 AND status = 'pending'`,
        [id, now],
      );
    },
    async markAttemptFailed(id, lease, nextAttemptAt, reason) {
      await pool.query(
        `UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = $3, last_error = $4,
           lease_token = NULL
         WHERE enquiry_id = $1 AND lease_token = $2`,
        [id, lease, nextAttemptAt, shortReason(reason)],
      );
    },
    async listEnquiries() {
      const { rows } = await pool.query<EnquiryRow & DeliveryRow>(
        `${withDelivery} ORDER BY e.received_at, e.id`,
      );
      return rows.map(toEnquiryWithDelivery);
    },
    async findByEmail(email) {
      const { rows } = await pool.query<EnquiryRow & DeliveryRow>(
        `${withDelivery} WHERE lower(e.email) = lower($1) ORDER BY e.received_at, e.id`,
        [email],
      );
      return rows.map(toEnquiryWithDelivery);
    },
    async eraseByEmail(email) {
      // One statement, so one transaction: the jobs go with their enquiries. Deleted rows
      // leave every query at once; PostgreSQL reuses their space after VACUUM (see 0006).
      const { rows } = await pool.query<{ erased: number }>(
        `WITH gone AS (SELECT id FROM enquiries WHERE lower(email) = lower($1)),
           jobs AS (DELETE FROM deliveries WHERE enquiry_id IN (SELECT id FROM gone))
         ${deleteEnquiries}`,
        [email],
      );
      return rows[0]?.erased ?? 0;
    },
    async purgeDelivered(cutoff, { dryRun = false } = {}) {
      const old = `FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id
                   WHERE e.received_at < $1`;
      const { rows } = await pool.query<{ delivered: number; pending: number }>(
        `SELECT count(*) FILTER (WHERE d.status = 'delivered')::int AS delivered,
           count(*) FILTER (WHERE d.status = 'pending')::int AS pending ${old}`,
        [cutoff],
      );
      const keptUndelivered = rows[0]?.pending ?? 0;
      if (dryRun) return { deleted: rows[0]?.delivered ?? 0, keptUndelivered };
      const purged = await pool.query<{ erased: number }>(
        `WITH gone AS (SELECT e.id ${old} AND d.status = 'delivered'),
           jobs AS (DELETE FROM deliveries WHERE enquiry_id IN (SELECT id FROM gone))
         ${deleteEnquiries}`,
        [cutoff],
      );
      return { deleted: purged.rows[0]?.erased ?? 0, keptUndelivered };
    },
    async deliveryBacklog() {
      const { rows } = await pool.query<{ pending: number; oldest: Date | null }>(
        `SELECT count(*)::int AS pending, min(e.received_at) AS oldest
         FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id WHERE d.status = 'pending'`,
      );
      return { pending: rows[0]?.pending ?? 0, oldestPendingSince: rows[0]?.oldest ?? undefined };
    },
    async importEnquiries(enquiries) {
      return inTransaction(pool, async (client) => {
        let added = 0;
        let updated = 0;
        for (const e of enquiries) {
          const d = e.delivery;
          const inserted = await client.query(
            `INSERT INTO enquiries (${enquiryColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (id) DO NOTHING`,
            [e.id, e.receivedAt, e.name, e.phone, e.email, e.enquiryType, e.message],
          );
          const delivery = await client.query(
            `INSERT INTO deliveries (enquiry_id, ${deliveryColumns}) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (enquiry_id) DO UPDATE SET status = excluded.status,
               attempts = excluded.attempts, next_attempt_at = NULL,
               delivered_at = excluded.delivered_at, last_error = NULL, lease_token = NULL
             WHERE deliveries.status = 'pending' AND excluded.status = 'delivered'`,
            [e.id, d.status, d.attempts, d.nextAttemptAt, d.deliveredAt, d.lastError],
          );
          if (inserted.rowCount) added++;
          else if (delivery.rowCount) updated++;
        }
        return { added, updated };
      });
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
