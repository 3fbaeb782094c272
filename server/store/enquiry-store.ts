import type { EnquiryType } from "../../contract/enquiry";

// The one boundary between the service and its storage, implemented for SQLite (one
// instance, the default) and PostgreSQL (any number of instances); see decision 0006. The
// same contract tests run against both (enquiry-store.test.ts).

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

/** A delivery this instance holds the lease on until `leaseExpiresAt`. */
export type ClaimedDelivery = {
  enquiry: StoredEnquiry;
  failedAttempts: number;
  /** Proves the claim when recording a failure; a later claim by another instance replaces it. */
  lease: string;
  leaseExpiresAt: Date;
};

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
  /**
   * Claims the pending delivery that fell due soonest, if one is due by `now`: its next
   * attempt moves to `now + leaseMs`, so no other instance takes it while this one sends, and
   * any instance takes it again once that time passes without an outcome (the holder died).
   */
  claimDueDelivery(now: Date, leaseMs: number): Promise<ClaimedDelivery | undefined>;
  /** Moves the lease's end to `until` while `lease` is still the claim; false when it is not. */
  extendLease(id: string, lease: string, until: Date): Promise<boolean>;
  /** When the next pending delivery falls due (or its lease runs out); undefined when none. */
  nextDueAt(): Promise<Date | undefined>;
  markDelivered(id: string, now: Date): Promise<void>;
  /** Records a failed attempt, unless `lease` has since been replaced by another claim. */
  markAttemptFailed(id: string, lease: string, nextAttemptAt: Date, reason: string): Promise<void>;
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
  /**
   * Adds enquiries with their delivery state, as read from another store, skipping ids
   * already here; a delivery still pending here is brought up to date when the source says
   * it was delivered. In one transaction.
   */
  importEnquiries(enquiries: EnquiryWithDelivery[]): Promise<{ added: number; updated: number }>;
  close(): Promise<void>;
};
