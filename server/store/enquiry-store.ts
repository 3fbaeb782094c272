import type { EnquiryType } from "../../app/features/contact/enquiry-schema";

// The one boundary between the service and its storage. Everything is async, although the
// SQLite implementation is synchronous underneath, so a PostgreSQL implementation can follow
// without touching the callers.

export type NewEnquiry = {
  name: string;
  phone: string;
  email: string;
  enquiryType: EnquiryType;
  message: string;
};

export type StoredEnquiry = NewEnquiry & {
  id: string;
  receivedAt: string;
};

export type DeliveryState = {
  status: "pending" | "delivered";
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastError: string | null;
};

export type DueDelivery = { enquiry: StoredEnquiry; failedAttempts: number };

export type EnquiryWithDelivery = StoredEnquiry & { delivery: DeliveryState };

export type EnquiryStore = {
  /** Stores the enquiry and its pending delivery job in one transaction. */
  saveEnquiry(enquiry: NewEnquiry, now: Date): Promise<StoredEnquiry>;
  /** The pending enquiry whose next attempt is due soonest, if it is due by `now`. */
  nextDueDelivery(now: Date): Promise<DueDelivery | undefined>;
  /** When the next pending delivery falls due, or undefined when nothing is pending. */
  nextDueAt(): Promise<Date | undefined>;
  markDelivered(id: string, now: Date): Promise<void>;
  markAttemptFailed(id: string, nextAttemptAt: Date, reason: string): Promise<void>;
  listEnquiries(): Promise<EnquiryWithDelivery[]>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
};
