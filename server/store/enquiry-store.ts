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

/** What a retention run did, or would do with `dryRun`. */
export type PurgeOutcome = {
  /** Delivered enquiries received before the cutoff: deleted, or to be deleted. */
  deleted: number;
  /** Enquiries received before the cutoff still awaiting delivery: never deleted by retention. */
  keptUndelivered: number;
};

export type DeliveryBacklog = {
  pending: number;
  /** When the oldest enquiry still awaiting delivery was received; undefined when none. */
  oldestPendingSince: Date | undefined;
};

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
  /** Every enquiry sent from this address, ignoring its case (a person's access request). */
  findByEmail(email: string): Promise<EnquiryWithDelivery[]>;
  /**
   * Deletes every enquiry sent from this address, ignoring its case, with its delivery job
   * (a person's deletion request). Resolves to how many enquiries went.
   */
  eraseByEmail(email: string): Promise<number>;
  /** Deletes delivered enquiries received before `cutoff`; with dryRun it only counts. */
  purgeDelivered(cutoff: Date, options?: { dryRun?: boolean }): Promise<PurgeOutcome>;
  deliveryBacklog(): Promise<DeliveryBacklog>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
};
