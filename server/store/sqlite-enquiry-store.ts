import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import type { EnquiryType } from "../../app/features/contact/enquiry-schema";
import type { EnquiryStore, EnquiryWithDelivery, StoredEnquiry } from "./enquiry-store";
import { prepareDatabaseFiles, restrictDatabaseFiles } from "./sqlite-file-mode";
import { migrate } from "./sqlite-migrations";

type EnquiryRow = {
  id: string;
  received_at: string;
  name: string;
  phone: string;
  email: string;
  enquiry_type: EnquiryType;
  message: string;
};

type DeliveryRow = {
  status: "pending" | "delivered";
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: string | null;
  last_error: string | null;
};

const toEnquiry = (row: EnquiryRow): StoredEnquiry => ({
  id: row.id,
  receivedAt: row.received_at,
  name: row.name,
  phone: row.phone,
  email: row.email,
  enquiryType: row.enquiry_type,
  message: row.message,
});

const toEnquiryWithDelivery = (row: EnquiryRow & DeliveryRow): EnquiryWithDelivery => ({
  ...toEnquiry(row),
  delivery: {
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at == null ? null : new Date(row.next_attempt_at).toISOString(),
    deliveredAt: row.delivered_at,
    lastError: row.last_error,
  },
});

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
  const selectDue = db.prepare<[number], EnquiryRow & { attempts: number }>(
    `SELECT e.*, d.attempts FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id
     WHERE d.status = 'pending' AND d.next_attempt_at <= ?
     ORDER BY d.next_attempt_at, e.received_at LIMIT 1`,
  );
  const selectNextDueAt = db.prepare<[], { due: number | null }>(
    `SELECT min(next_attempt_at) AS due FROM deliveries WHERE status = 'pending'`,
  );
  const updateDelivered = db.prepare(
    `UPDATE deliveries SET status = 'delivered', delivered_at = ?, next_attempt_at = NULL,
       attempts = attempts + 1, last_error = NULL
     WHERE enquiry_id = ?`,
  );
  const updateFailed = db.prepare(
    `UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?
     WHERE enquiry_id = ?`,
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

  return {
    async saveEnquiry(enquiry, now) {
      const stored: StoredEnquiry = { ...enquiry, id: randomUUID(), receivedAt: now.toISOString() };
      saveBoth(stored, now.getTime());
      return stored;
    },
    async nextDueDelivery(now) {
      const row = selectDue.get(now.getTime());
      return row && { enquiry: toEnquiry(row), failedAttempts: row.attempts };
    },
    async nextDueAt() {
      const due = selectNextDueAt.get()?.due;
      return due == null ? undefined : new Date(due);
    },
    async markDelivered(id, now) {
      updateDelivered.run(now.toISOString(), id);
    },
    async markAttemptFailed(id, nextAttemptAt, reason) {
      updateFailed.run(nextAttemptAt.getTime(), reason.slice(0, 500), id);
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
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
