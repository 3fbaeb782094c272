import type { Enquiry } from "../../contract/enquiry";
import type { InsightsStore } from "../insights/insights-store";

// The one boundary between the service and its storage, implemented for SQLite (one
// instance, the default) and PostgreSQL (any number of instances); see decision 0006. The
// same contract tests run against both (enquiry-store.test.ts).

/**
 * Where a stored enquiry goes, each on its own job (decision 0012): the company mailbox, the
 * company's webhook, and the visitor's acknowledgement. Each job is claimed, retried and
 * recorded delivered by itself, so one channel's outage never holds up another.
 */
export const deliveryChannels = ["mail", "webhook", "acknowledgement"] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

/** An address gets at most one acknowledgement in this long, whatever its case. */
export const acknowledgementIntervalMs = 86_400_000;

export type NewEnquiry = Enquiry;

export type StoredEnquiry = NewEnquiry & {
  id: string;
  receivedAt: string;
};

/** The jobs an enquiry gets when it is stored. */
export type DeliveryPlan = {
  /** The company's channels configured now: mail, webhook or both. */
  channels: Exclude<DeliveryChannel, "acknowledgement">[];
  /**
   * Also acknowledge to the visitor, unless their address (any case) had an acknowledgement
   * in the last `acknowledgementIntervalMs`.
   */
  acknowledge: boolean;
};

export type ChannelDelivery = {
  channel: DeliveryChannel;
  status: "pending" | "delivered";
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastError: string | null;
};

export type DeliveryState = {
  /** Delivered once every job the enquiry got is. */
  status: "pending" | "delivered";
  /** In the order of `deliveryChannels`. */
  channels: ChannelDelivery[];
};

/** A delivery this instance holds the lease on until `leaseExpiresAt`. */
export type ClaimedDelivery = {
  enquiry: StoredEnquiry;
  channel: DeliveryChannel;
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

export type ChannelBacklog = {
  pending: number;
  /** When the oldest enquiry still awaiting this channel was received; undefined when none. */
  oldestPendingSince: Date | undefined;
};

/** The pending jobs of each channel (every channel present, zero when none waits). */
export type DeliveryBacklog = Record<DeliveryChannel, ChannelBacklog>;

export type EnquiryStore = {
  /** Stores the enquiry and its pending delivery jobs, as `plan` says, in one transaction. */
  saveEnquiry(enquiry: NewEnquiry, now: Date, plan: DeliveryPlan): Promise<StoredEnquiry>;
  /**
   * Claims the channel's pending delivery that fell due soonest, if one is due by `now`: its
   * next attempt moves to `now + leaseMs`, so no other instance takes it while this one sends,
   * and any instance takes it again once that time passes without an outcome (the holder died).
   */
  claimDueDelivery(
    channel: DeliveryChannel,
    now: Date,
    leaseMs: number,
  ): Promise<ClaimedDelivery | undefined>;
  /** Moves the lease's end to `until` while `claim` still holds it; false when it does not. */
  extendLease(claim: ClaimedDelivery, until: Date): Promise<boolean>;
  /** When the channel's next delivery falls due (or its lease runs out); undefined when none. */
  nextDueAt(channel: DeliveryChannel): Promise<Date | undefined>;
  markDelivered(id: string, channel: DeliveryChannel, now: Date): Promise<void>;
  /** Records a failed attempt, unless another claim has since replaced `claim`. */
  markAttemptFailed(claim: ClaimedDelivery, nextAttemptAt: Date, reason: string): Promise<void>;
  listEnquiries(): Promise<EnquiryWithDelivery[]>;
  /** Every enquiry sent from this address, ignoring its case (a person's access request). */
  findByEmail(email: string): Promise<EnquiryWithDelivery[]>;
  /**
   * Deletes every enquiry sent from this address, ignoring its case, with its delivery jobs
   * and the record of its last acknowledgement (a person's deletion request). Resolves to how
   * many enquiries went.
   */
  eraseByEmail(email: string): Promise<number>;
  /**
   * Deletes delivered enquiries received before `cutoff`, and records of acknowledgements
   * older than `acknowledgementIntervalMs` before `now`; with dryRun it only counts.
   */
  purgeDelivered(cutoff: Date, options?: { dryRun?: boolean; now?: Date }): Promise<PurgeOutcome>;
  deliveryBacklog(): Promise<DeliveryBacklog>;
  /**
   * Adds enquiries with their delivery jobs, as read from another store, skipping ids
   * already here; a job still pending here is brought up to date when the source says it was
   * delivered. In one transaction.
   */
  importEnquiries(enquiries: EnquiryWithDelivery[]): Promise<{ added: number; updated: number }>;
  /** The site's visit counts (decision 0021), in the same database; nothing in them names an enquiry. */
  insights: InsightsStore;
  close(): Promise<void>;
};
