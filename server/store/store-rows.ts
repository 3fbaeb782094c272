import type { EnquiryType } from "../../contract/enquiry";
import type { EnquiryWithDelivery, StoredEnquiry } from "./enquiry-store";

// Both stores use the same table and column names; only how a moment comes back differs
// (SQLite: ISO text or epoch milliseconds, PostgreSQL: Date).
type Moment = string | number | Date;

export type EnquiryRow = {
  id: string;
  received_at: Moment;
  name: string;
  phone: string;
  email: string;
  enquiry_type: EnquiryType;
  message: string;
};

export type DeliveryRow = {
  status: "pending" | "delivered";
  attempts: number;
  next_attempt_at: Moment | null;
  delivered_at: Moment | null;
  last_error: string | null;
};

const iso = (moment: Moment) => new Date(moment).toISOString();

export const toStoredEnquiry = (row: EnquiryRow): StoredEnquiry => ({
  id: row.id,
  receivedAt: iso(row.received_at),
  name: row.name,
  phone: row.phone,
  email: row.email,
  enquiryType: row.enquiry_type,
  message: row.message,
});

export const toEnquiryWithDelivery = (row: EnquiryRow & DeliveryRow): EnquiryWithDelivery => ({
  ...toStoredEnquiry(row),
  delivery: {
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at == null ? null : iso(row.next_attempt_at),
    deliveredAt: row.delivered_at == null ? null : iso(row.delivered_at),
    lastError: row.last_error,
  },
});

/** Failure reasons are kept short: they are for operators, and SMTP replies can be long. */
export const shortReason = (reason: string) => reason.slice(0, 500);
