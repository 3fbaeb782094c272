import type { Generated } from "kysely";
import type { Enquiry } from "../../contract/enquiry";

// The store's tables as Kysely sees them (camelCase, by CamelCasePlugin), and the rows the
// enquiry and insights stores read and write. The SQL that makes them is migrations/<engine>/.

/** PostgreSQL's timestamptz; in SQLite due times and acknowledgements in ms, others ISO text. */
type Moment = Date | string | number;

/** A stored enquiry gets a job per channel, claimed, retried and delivered on its own (0012). */
export const deliveryChannels = ["mail", "webhook", "acknowledgement"] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

export type StoredEnquiry = Enquiry & { id: string; receivedAt: string };

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

export type Tables = {
  enquiries: Omit<StoredEnquiry, "receivedAt"> & { receivedAt: Moment };
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
};
