import type { Generated } from "kysely";
import type { Enquiry } from "../../contract/enquiry";

// The store's tables as Kysely sees them (camelCase, by CamelCasePlugin), and the rows the
// enquiry and insights stores read and write. The SQL that makes them is migrations/<engine>/.

/** PostgreSQL's timestamptz; in SQLite due times and acknowledgements in ms, others ISO text. */
type Moment = Date | string | number;

/** A stored enquiry gets a job per channel, claimed, retried and delivered on its own (0012). */
export const deliveryChannels = ["mail", "webhook", "acknowledgement"] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

/**
 * Accepted: delivered through the outbox. Held: the bot check doubted it (decision 0039); it
 * waits, undelivered, for a person to release it (accepted) or call it spam (never delivered).
 */
export const enquiryStatuses = ["accepted", "held", "spam"] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

/**
 * Where the company is with an accepted enquiry in the inbox (decision 0045), apart from its
 * `status`, which says only whether the bot check let it through.
 */
export const enquiryStages = ["new", "contacted", "qualified", "won", "lost"] as const;
export type EnquiryStage = (typeof enquiryStages)[number];

/** What staff did with an enquiry, each a row of its timeline (POPIA). */
export const enquiryEventKinds = [
  "viewed",
  "exported",
  "stage",
  "owner",
  "note",
  "released",
  "spam",
  /** Given its owner by routing as it was stored (decision 0049); `detail` names them. */
  "assigned",
  /** A reply mailed to the visitor from the inbox, or refused: `detail` is a ReplyRecord's JSON. */
  "reply",
] as const;
export type EnquiryEventKind = (typeof enquiryEventKinds)[number];

/** An enquiry as the service received it: what the mails tell of it. */
export type ReceivedEnquiry = Enquiry & { id: string; receivedAt: string };

export type StoredEnquiry = ReceivedEnquiry & {
  status: EnquiryStatus;
  /** Why the bot check held it, such as "low_score 0.3"; kept once it is released. */
  heldReason: string | null;
};

export const devices = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof devices)[number];
/** "total" has the one value "". */
export type Dimension =
  | "total"
  | "page"
  | "source"
  | "medium"
  | "campaign"
  | "device"
  /** A datasheet's or document's path; and where its downloads came from. */
  | "download"
  | "download-source";
/** `converted`: visits that sent at least one enquiry. */
export const noCounts = {
  pageviews: 0,
  visitors: 0,
  visits: 0,
  enquiries: 0,
  downloads: 0,
  converted: 0,
};

/** Each day keeps at most this many values of a dimension; the rest count as `otherLabel`. */
export const labelsPerDay = 200;
export const otherLabel = "(other)";

/** A UTC day's (YYYY-MM-DD) counts for one value of a dimension. */
export type DailyCount = { day: string; dimension: Dimension; value: string } & typeof noCounts;

/** Taps on a contact link in a UTC day, by channel (phone, whatsapp) and place on the site. */
export type TapCount = { day: string; channel: string; source: string; taps: number };

/** What brought a visitor: a referrer or utm_source, and the utm tags ("" without). */
export type VisitSource = { source: string; medium: string; campaign: string };
/** Where a visit came in: its first page, its source, the device. */
export type Visit = VisitSource & { entry: string; device: Device };

/** A member of staff, invited by an owner (decision 0044); the address kept in lower case. */
export type StaffMember = {
  id: string;
  email: string;
  name: string;
  owner: boolean;
  createdAt: string;
};

export type Tables = {
  enquiries: Omit<StoredEnquiry, "receivedAt"> & {
    receivedAt: Moment;
    /** The UTC day of the staff digest that told of it while held. */
    heldDigestDay: string | null;
    /** When the reply clock stopped (decision 0048): the first reply, or set Contacted. */
    firstReplyAt: Moment | null;
    /** When the one reminder that it waited past its target went; claimed under a lease. */
    remindedAt: Moment | null;
    reminderLeaseToken: string | null;
    reminderLeaseUntil: Moment | null;
    stage: Generated<EnquiryStage>;
    /** The member of staff who has it in hand. */
    ownerId: string | null;
    /** The entry page and source of the visit the insights counted it for, if they did. */
    entryPage: string | null;
    source: string | null;
  };
  /** Who answers each enquiry type (decision 0049); their new enquiries are theirs. */
  enquiryRoutes: { enquiryType: Enquiry["enquiryType"]; staffId: string };
  enquiryEvents: {
    id: string;
    enquiryId: string;
    at: Moment;
    /** Null once the person is removed, or for ADMIN_WITHOUT_SIGN_IN's unnamed developer. */
    staffId: string | null;
    kind: EnquiryEventKind;
    detail: string | null;
  };
  /** A day's digest of held enquiries, claimed under a lease by one instance, once sent. */
  heldDigests: {
    day: string;
    leaseToken: string | null;
    leaseUntil: Moment | null;
    sentAt: Moment | null;
  };
  deliveries: {
    enquiryId: string;
    channel: DeliveryChannel;
    status: "pending" | "delivered";
    attempts: number;
    nextAttemptAt: Moment | null;
    deliveredAt: Moment | null;
    lastError: string | null;
    leaseToken: string | null;
  };
  acknowledgements: { address: string; acknowledgedAt: Moment };
  insightsDaily: DailyCount;
  insightsSalts: { day: string; salt: Buffer };
  /** `converted` is 1 once the visitor has sent an enquiry that day. */
  insightsVisitors: Visit & { day: string; hash: string; converted: Generated<number> };
  /** The pages a visitor saw and the files they downloaded, each once a day. */
  insightsVisitorPages: { day: string; hash: string; path: string };
  insightsTaps: TapCount;
  insightsHeld: { day: string; held: number };
  /** SQLite keeps the owner flag as 0 or 1. */
  staff: Omit<StaffMember, "owner" | "createdAt"> & { owner: boolean | number; createdAt: Moment };
  staffSignInCodes: {
    tokenHash: string;
    staffId: string;
    codeHash: string;
    expiresAt: Moment;
    attempts: number;
  };
  staffSessions: { tokenHash: string; staffId: string; expiresAt: Moment };
  staffSignInAttempts: { key: string; hour: string; attempts: number };
  /** PostgreSQL's bigint counter comes back as text. */
  staffPasskeys: {
    id: string;
    staffId: string;
    publicKey: Buffer;
    counter: number | string;
    transports: string;
    createdAt: Moment;
  };
  staffPasskeyChallenges: {
    tokenHash: string;
    staffId: string | null;
    challenge: string;
    expiresAt: Moment;
  };
};
