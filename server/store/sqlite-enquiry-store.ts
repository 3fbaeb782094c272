import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { EnquiryType } from "../../app/features/contact/enquiry-schema";
import type { EnquiryStore, EnquiryWithDelivery, StoredEnquiry } from "./enquiry-store";
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

export function openSqliteEnquiryStore(path: string): EnquiryStore {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL lets the CLI read while the server writes. FULL sync because a 201 promises the
  // visitor their enquiry is kept: the commit must be on disk before we answer.
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  migrate(db);

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
  const selectAll = db.prepare<[], EnquiryRow & DeliveryRow>(
    `SELECT e.*, d.status, d.attempts, d.next_attempt_at, d.delivered_at, d.last_error
     FROM enquiries e JOIN deliveries d ON d.enquiry_id = e.id
     ORDER BY e.received_at, e.id`,
  );

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
      return selectAll.all().map(
        (row): EnquiryWithDelivery => ({
          ...toEnquiry(row),
          delivery: {
            status: row.status,
            attempts: row.attempts,
            nextAttemptAt:
              row.next_attempt_at == null ? null : new Date(row.next_attempt_at).toISOString(),
            deliveredAt: row.delivered_at,
            lastError: row.last_error,
          },
        }),
      );
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
