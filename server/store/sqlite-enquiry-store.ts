import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import {
  acknowledgementIntervalMs,
  type DeliveryChannel,
  type DeliveryPlan,
  type EnquiryStore,
  type EnquiryWithDelivery,
  type StoredEnquiry,
} from "./enquiry-store";
import { prepareDatabaseFiles, restrictDatabaseFiles } from "./sqlite-file-mode";
import { sqliteInsightsStore } from "./sqlite-insights-store";
import { migrate } from "./sqlite-migrations";
import {
  type DeliveryRow,
  deliveryColumnList,
  type EnquiryRow,
  emptyBacklog,
  enquiryColumnList,
  enquiryColumns,
  shortReason,
  toStoredEnquiry,
  withDeliveries,
} from "./store-rows";

type OpenOptions = {
  /** Told about anything the operator should fix, such as a store file others could read. */
  warn?: (message: string) => void;
};

export function openSqliteEnquiryStore(
  path: string,
  { warn = console.warn }: OpenOptions = {},
): EnquiryStore {
  for (const warning of prepareDatabaseFiles(path)) warn(warning);
  const db = new Database(path);
  // WAL lets the CLI read while the server writes. FULL sync because a 201 promises the
  // visitor their enquiry is kept: the commit must be on disk before we answer.
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  // Erased and expired enquiries are overwritten, not just unlinked, so the file no longer
  // holds them (POPIA: deleted means gone).
  db.pragma("secure_delete = ON");
  migrate(db);
  restrictDatabaseFiles(path);

  const enquiryParameters = enquiryColumns.map(({ key }) => `@${key}`).join(", ");
  const insertEnquiry = db.prepare(
    `INSERT INTO enquiries (${enquiryColumnList}) VALUES (${enquiryParameters})`,
  );
  const insertDelivery = db.prepare<[string, DeliveryChannel, number]>(
    `INSERT INTO deliveries (enquiry_id, channel, status, attempts, next_attempt_at)
     VALUES (?, ?, 'pending', 0, ?)`,
  );
  // The upsert changes a row only when the address had no acknowledgement since `since`, so
  // `changes` says whether this enquiry gets one.
  const recordAcknowledgement = db.prepare<[{ address: string; now: number; since: number }]>(
    `INSERT INTO acknowledgements (address, acknowledged_at) VALUES (lower(@address), @now)
     ON CONFLICT (address) DO UPDATE SET acknowledged_at = excluded.acknowledged_at
     WHERE acknowledgements.acknowledged_at <= @since`,
  );
  const saveAll = db.transaction((enquiry: StoredEnquiry, dueAt: number, plan: DeliveryPlan) => {
    insertEnquiry.run(enquiry);
    for (const channel of plan.channels) insertDelivery.run(enquiry.id, channel, dueAt);
    if (
      plan.acknowledge &&
      recordAcknowledgement.run({
        address: enquiry.email,
        now: dueAt,
        since: dueAt - acknowledgementIntervalMs,
      }).changes > 0
    )
      insertDelivery.run(enquiry.id, "acknowledgement", dueAt);
  });
  // SQLite lets one writer in at a time, so an UPDATE that picks its own row is a claim no
  // other process can share; moving next_attempt_at to the lease's end is the lease itself.
  const updateClaim = db.prepare<
    { channel: DeliveryChannel; now: number; until: number; lease: string },
    { enquiry_id: string; attempts: number }
  >(
    `UPDATE deliveries SET next_attempt_at = @until, lease_token = @lease
     WHERE channel = @channel AND enquiry_id = (
       SELECT d.enquiry_id FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id
       WHERE d.channel = @channel AND d.status = 'pending' AND d.next_attempt_at <= @now
       ORDER BY d.next_attempt_at, e.received_at LIMIT 1
     )
     RETURNING enquiry_id, attempts`,
  );
  const selectEnquiry = db.prepare<[string], EnquiryRow>("SELECT * FROM enquiries WHERE id = ?");
  const claim = db.transaction(
    (claimed: { channel: DeliveryChannel; now: number; until: number; lease: string }) => {
      const job = updateClaim.get(claimed);
      const row = job && selectEnquiry.get(job.enquiry_id);
      return row && { row, attempts: job.attempts };
    },
  );
  const updateLease = db.prepare(
    `UPDATE deliveries SET next_attempt_at = ?
     WHERE enquiry_id = ? AND channel = ? AND lease_token = ? AND status = 'pending'`,
  );
  const selectNextDueAt = db.prepare<[DeliveryChannel], { due: number | null }>(
    `SELECT min(next_attempt_at) AS due FROM deliveries WHERE channel = ? AND status = 'pending'`,
  );
  const updateDelivered = db.prepare(
    `UPDATE deliveries SET status = 'delivered', delivered_at = ?, next_attempt_at = NULL,
       attempts = attempts + 1, last_error = NULL, lease_token = NULL
     WHERE enquiry_id = ? AND channel = ? AND status = 'pending'`,
  );
  const updateFailed = db.prepare(
    `UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?,
       lease_token = NULL
     WHERE enquiry_id = ? AND channel = ? AND lease_token = ?`,
  );
  const order = "ORDER BY received_at, id";
  const selectAll = db.prepare<[], EnquiryRow>(`SELECT * FROM enquiries ${order}`);
  const selectAllJobs = db.prepare<[], DeliveryRow>(`SELECT ${deliveryColumnList} FROM deliveries`);
  // The form only takes ASCII addresses (zod's email rule), so SQLite's ASCII lower() is enough.
  const byEmail = "WHERE lower(email) = lower(?)";
  const selectByEmail = db.prepare<[string], EnquiryRow>(
    `SELECT * FROM enquiries ${byEmail} ${order}`,
  );
  const selectJobsByEmail = db.prepare<[string], DeliveryRow>(
    `SELECT ${deliveryColumnList} FROM deliveries
     WHERE enquiry_id IN (SELECT id FROM enquiries ${byEmail})`,
  );
  const selectIdsByEmail = db.prepare<[string], { id: string }>(
    `SELECT id FROM enquiries ${byEmail}`,
  );
  const deleteAcknowledgement = db.prepare("DELETE FROM acknowledgements WHERE address = lower(?)");
  // An enquiry is undelivered while any of its jobs is pending.
  const selectOldIds = db.prepare<[string, number], { id: string }>(
    `SELECT id FROM enquiries e WHERE received_at < ? AND
       EXISTS (SELECT 1 FROM deliveries d WHERE d.enquiry_id = e.id AND d.status = 'pending') = ?`,
  );
  const deleteOldAcknowledgements = db.prepare(
    "DELETE FROM acknowledgements WHERE acknowledged_at < ?",
  );
  const deleteDeliveries = db.prepare("DELETE FROM deliveries WHERE enquiry_id = ?");
  const deleteEnquiry = db.prepare("DELETE FROM enquiries WHERE id = ?");
  const deleteInOneTransaction = db.transaction((ids: string[]) => {
    for (const id of ids) {
      deleteDeliveries.run(id);
      deleteEnquiry.run(id);
    }
  });
  // The WAL still holds the pages as they were before; fold it into the file and empty it.
  // A reader that is busy just now can delay this until the next checkpoint.
  const checkpoint = () => db.pragma("wal_checkpoint(TRUNCATE)");
  const deleteAll = (ids: string[]) => {
    if (ids.length === 0) return 0;
    deleteInOneTransaction(ids);
    checkpoint();
    return ids.length;
  };
  const selectBacklog = db.prepare<
    [],
    { channel: DeliveryChannel; pending: number; oldest: string | null }
  >(
    `SELECT d.channel, count(*) AS pending, min(e.received_at) AS oldest
     FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id WHERE d.status = 'pending'
     GROUP BY d.channel`,
  );
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const importEnquiry = db.prepare(
    `INSERT INTO enquiries (${enquiryColumnList}) VALUES (${enquiryParameters})
     ON CONFLICT (id) DO NOTHING`,
  );
  const importDelivery = db.prepare(
    `INSERT INTO deliveries (${deliveryColumnList})
     VALUES (@id, @channel, @status, @attempts, @nextAttemptAt, @deliveredAt, @lastError)
     ON CONFLICT (enquiry_id, channel) DO UPDATE SET status = excluded.status,
       attempts = excluded.attempts, next_attempt_at = NULL,
       delivered_at = excluded.delivered_at, last_error = NULL, lease_token = NULL
     WHERE deliveries.status = 'pending' AND excluded.status = 'delivered'`,
  );
  const importAll = db.transaction((enquiries: EnquiryWithDelivery[]) => {
    let added = 0;
    let updated = 0;
    for (const { delivery, ...enquiry } of enquiries) {
      const inserted = importEnquiry.run(enquiry).changes > 0;
      let changed = 0;
      for (const job of delivery.channels) {
        changed += importDelivery.run({
          ...job,
          id: enquiry.id,
          nextAttemptAt: job.nextAttemptAt && Date.parse(job.nextAttemptAt),
        }).changes;
      }
      if (inserted) added++;
      else if (changed) updated++;
    }
    return { added, updated };
  });

  return {
    async saveEnquiry(enquiry, now, plan) {
      const stored: StoredEnquiry = { id: randomUUID(), receivedAt: now.toISOString(), ...enquiry };
      saveAll(stored, now.getTime(), plan);
      return stored;
    },
    async claimDueDelivery(channel, now, leaseMs) {
      const lease = randomUUID();
      const leaseExpiresAt = new Date(now.getTime() + leaseMs);
      // IMMEDIATE: take the write lock before reading, so two processes never pick one row.
      const claimed = claim.immediate({
        channel,
        now: now.getTime(),
        until: leaseExpiresAt.getTime(),
        lease,
      });
      return (
        claimed && {
          enquiry: toStoredEnquiry(claimed.row),
          channel,
          failedAttempts: claimed.attempts,
          lease,
          leaseExpiresAt,
        }
      );
    },
    async extendLease({ enquiry, channel, lease }, until) {
      return updateLease.run(until.getTime(), enquiry.id, channel, lease).changes === 1;
    },
    async nextDueAt(channel) {
      const due = selectNextDueAt.get(channel)?.due;
      return due == null ? undefined : new Date(due);
    },
    async markDelivered(id, channel, now) {
      updateDelivered.run(now.toISOString(), id, channel);
    },
    async markAttemptFailed({ enquiry, channel, lease }, nextAttemptAt, reason) {
      updateFailed.run(nextAttemptAt.getTime(), shortReason(reason), enquiry.id, channel, lease);
    },
    async listEnquiries() {
      return withDeliveries(selectAll.all(), selectAllJobs.all());
    },
    async findByEmail(email) {
      return withDeliveries(selectByEmail.all(email), selectJobsByEmail.all(email));
    },
    async eraseByEmail(email) {
      const erased = ids(selectIdsByEmail.all(email));
      deleteInOneTransaction(erased);
      deleteAcknowledgement.run(email);
      checkpoint();
      return erased.length;
    },
    async purgeDelivered(cutoff, { dryRun = false, now = new Date() } = {}) {
      const before = cutoff.toISOString();
      const delivered = ids(selectOldIds.all(before, 0));
      const keptUndelivered = selectOldIds.all(before, 1).length;
      if (dryRun) return { deleted: delivered.length, keptUndelivered };
      deleteOldAcknowledgements.run(now.getTime() - acknowledgementIntervalMs);
      return { deleted: deleteAll(delivered), keptUndelivered };
    },
    async deliveryBacklog() {
      const backlog = emptyBacklog();
      for (const row of selectBacklog.all()) {
        backlog[row.channel] = {
          pending: row.pending,
          oldestPendingSince: row.oldest ? new Date(row.oldest) : undefined,
        };
      }
      return backlog;
    },
    async importEnquiries(enquiries) {
      return importAll.immediate(enquiries);
    },
    insights: sqliteInsightsStore(db),
    async close() {
      if (db.open) db.close();
    },
  };
}
