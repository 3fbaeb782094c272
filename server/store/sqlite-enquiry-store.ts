import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import type { EnquiryStore, EnquiryWithDelivery, StoredEnquiry } from "./enquiry-store";
import { prepareDatabaseFiles, restrictDatabaseFiles } from "./sqlite-file-mode";
import { migrate } from "./sqlite-migrations";
import {
  type DeliveryRow,
  type EnquiryRow,
  shortReason,
  toEnquiryWithDelivery,
  toStoredEnquiry,
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

  const insertEnquiry = db.prepare(
    `INSERT INTO enquiries (id, received_at, name, phone, email, enquiry_type, message)
     VALUES (@id, @receivedAt, @name, @phone, @email, @enquiryType, @message)`,
  );
  const insertDelivery = db.prepare(
    `INSERT INTO deliveries (enquiry_id, status, attempts, next_attempt_at)
     VALUES (?, 'pending', 0, ?)`,
  );
  const saveBoth = db.transaction((enquiry: StoredEnquiry, dueAt: number) => {
    insertEnquiry.run(enquiry);
    insertDelivery.run(enquiry.id, dueAt);
  });
  // SQLite lets one writer in at a time, so an UPDATE that picks its own row is a claim no
  // other process can share; moving next_attempt_at to the lease's end is the lease itself.
  const updateClaim = db.prepare<
    [number, string, number],
    { enquiry_id: string; attempts: number }
  >(
    `UPDATE deliveries SET next_attempt_at = ?, lease_token = ?
     WHERE enquiry_id = (
       SELECT d.enquiry_id FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= ?
       ORDER BY d.next_attempt_at, e.received_at LIMIT 1
     )
     RETURNING enquiry_id, attempts`,
  );
  const selectEnquiry = db.prepare<[string], EnquiryRow>("SELECT * FROM enquiries WHERE id = ?");
  const claim = db.transaction((now: number, leaseExpiresAt: number, lease: string) => {
    const claimed = updateClaim.get(leaseExpiresAt, lease, now);
    const row = claimed && selectEnquiry.get(claimed.enquiry_id);
    return row && { row, attempts: claimed.attempts };
  });
  const updateLease = db.prepare(
    `UPDATE deliveries SET next_attempt_at = ?
     WHERE enquiry_id = ? AND lease_token = ? AND status = 'pending'`,
  );
  const selectNextDueAt = db.prepare<[], { due: number | null }>(
    `SELECT min(next_attempt_at) AS due FROM deliveries WHERE status = 'pending'`,
  );
  const updateDelivered = db.prepare(
    `UPDATE deliveries SET status = 'delivered', delivered_at = ?, next_attempt_at = NULL,
       attempts = attempts + 1, last_error = NULL, lease_token = NULL
     WHERE enquiry_id = ? AND status = 'pending'`,
  );
  const updateFailed = db.prepare(
    `UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?,
       lease_token = NULL
     WHERE enquiry_id = ? AND lease_token = ?`,
  );
  const withDelivery = `SELECT e.*, d.status, d.attempts, d.next_attempt_at, d.delivered_at,
       d.last_error
     FROM enquiries e JOIN deliveries d ON d.enquiry_id = e.id`;
  const selectAll = db.prepare<[], EnquiryRow & DeliveryRow>(
    `${withDelivery} ORDER BY e.received_at, e.id`,
  );
  // The form only takes ASCII addresses (zod's email rule), so SQLite's ASCII lower() is enough.
  const selectByEmail = db.prepare<[string], EnquiryRow & DeliveryRow>(
    `${withDelivery} WHERE lower(e.email) = lower(?) ORDER BY e.received_at, e.id`,
  );
  const selectIdsByEmail = db.prepare<[string], { id: string }>(
    "SELECT id FROM enquiries WHERE lower(email) = lower(?)",
  );
  const selectOldIds = db.prepare<[string, string], { id: string }>(
    `SELECT e.id FROM enquiries e JOIN deliveries d ON d.enquiry_id = e.id
     WHERE d.status = ? AND e.received_at < ?`,
  );
  const deleteDelivery = db.prepare("DELETE FROM deliveries WHERE enquiry_id = ?");
  const deleteEnquiry = db.prepare("DELETE FROM enquiries WHERE id = ?");
  const deleteInOneTransaction = db.transaction((ids: string[]) => {
    for (const id of ids) {
      deleteDelivery.run(id);
      deleteEnquiry.run(id);
    }
  });
  const deleteAll = (ids: string[]) => {
    if (ids.length === 0) return 0;
    deleteInOneTransaction(ids);
    // The WAL still holds the pages as they were before; fold it into the file and empty it.
    // A reader that is busy just now can delay this until the next checkpoint.
    db.pragma("wal_checkpoint(TRUNCATE)");
    return ids.length;
  };
  const selectBacklog = db.prepare<[], { pending: number; oldest: string | null }>(
    `SELECT count(*) AS pending, min(e.received_at) AS oldest
     FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id WHERE d.status = 'pending'`,
  );
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const importEnquiry = db.prepare(
    `INSERT INTO enquiries (id, received_at, name, phone, email, enquiry_type, message)
     VALUES (@id, @receivedAt, @name, @phone, @email, @enquiryType, @message)
     ON CONFLICT (id) DO NOTHING`,
  );
  const importDelivery = db.prepare(
    `INSERT INTO deliveries (enquiry_id, status, attempts, next_attempt_at, delivered_at, last_error)
     VALUES (@id, @status, @attempts, @nextAttemptAt, @deliveredAt, @lastError)
     ON CONFLICT (enquiry_id) DO UPDATE SET status = excluded.status,
       attempts = excluded.attempts, next_attempt_at = NULL,
       delivered_at = excluded.delivered_at, last_error = NULL, lease_token = NULL
     WHERE deliveries.status = 'pending' AND excluded.status = 'delivered'`,
  );
  const importAll = db.transaction((enquiries: EnquiryWithDelivery[]) => {
    let added = 0;
    let updated = 0;
    for (const { delivery, ...enquiry } of enquiries) {
      const inserted = importEnquiry.run(enquiry).changes > 0;
      const changed = importDelivery.run({
        ...delivery,
        id: enquiry.id,
        nextAttemptAt: delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt),
      }).changes;
      if (inserted) added++;
      else if (changed) updated++;
    }
    return { added, updated };
  });

  return {
    async saveEnquiry(enquiry, now) {
      const stored: StoredEnquiry = { ...enquiry, id: randomUUID(), receivedAt: now.toISOString() };
      saveBoth(stored, now.getTime());
      return stored;
    },
    async claimDueDelivery(now, leaseMs) {
      const lease = randomUUID();
      const leaseExpiresAt = new Date(now.getTime() + leaseMs);
      // IMMEDIATE: take the write lock before reading, so two processes never pick one row.
      const claimed = claim.immediate(now.getTime(), leaseExpiresAt.getTime(), lease);
      return (
        claimed && {
          enquiry: toStoredEnquiry(claimed.row),
          failedAttempts: claimed.attempts,
          lease,
          leaseExpiresAt,
        }
      );
    },
    async extendLease(id, lease, until) {
      return updateLease.run(until.getTime(), id, lease).changes === 1;
    },
    async nextDueAt() {
      const due = selectNextDueAt.get()?.due;
      return due == null ? undefined : new Date(due);
    },
    async markDelivered(id, now) {
      updateDelivered.run(now.toISOString(), id);
    },
    async markAttemptFailed(id, lease, nextAttemptAt, reason) {
      updateFailed.run(nextAttemptAt.getTime(), shortReason(reason), id, lease);
    },
    async listEnquiries() {
      return selectAll.all().map(toEnquiryWithDelivery);
    },
    async findByEmail(email) {
      return selectByEmail.all(email).map(toEnquiryWithDelivery);
    },
    async eraseByEmail(email) {
      return deleteAll(ids(selectIdsByEmail.all(email)));
    },
    async purgeDelivered(cutoff, { dryRun = false } = {}) {
      const before = cutoff.toISOString();
      const delivered = ids(selectOldIds.all("delivered", before));
      const keptUndelivered = selectOldIds.all("pending", before).length;
      return { deleted: dryRun ? delivered.length : deleteAll(delivered), keptUndelivered };
    },
    async deliveryBacklog() {
      const row = selectBacklog.get();
      return {
        pending: row?.pending ?? 0,
        oldestPendingSince: row?.oldest ? new Date(row.oldest) : undefined,
      };
    },
    async importEnquiries(enquiries) {
      return importAll.immediate(enquiries);
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
