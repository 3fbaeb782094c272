import { type Enquiry, enquiryFields } from "../../contract/enquiry";
import {
  type ChannelDelivery,
  type DeliveryBacklog,
  type DeliveryChannel,
  deliveryChannels,
  type EnquiryWithDelivery,
  type StoredEnquiry,
} from "./enquiry-store";

// Both stores use the same tables and column names, written here once; only how a moment
// comes back differs (SQLite: ISO text or epoch milliseconds, PostgreSQL: Date).
type Moment = string | number | Date;

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The enquiries table's columns in order: the id, the moment received, then the contract's fields. */
export const enquiryColumns = [
  { column: "id", key: "id" },
  { column: "received_at", key: "receivedAt" },
  ...enquiryFields.map((field) => ({ column: snakeCase(field.key), key: field.key })),
] as const;

/** `id, received_at, name, …` for an INSERT or SELECT. */
export const enquiryColumnList = enquiryColumns.map((c) => c.column).join(", ");

export type EnquiryRow = { [column: string]: unknown; id: string; received_at: Moment };

/** An enquiry's values in column order, for positional parameters. */
export const enquiryValues = (enquiry: StoredEnquiry): unknown[] =>
  enquiryColumns.map(({ key }) => enquiry[key]);

export type DeliveryRow = {
  enquiry_id: string;
  channel: DeliveryChannel;
  status: "pending" | "delivered";
  attempts: number;
  next_attempt_at: Moment | null;
  delivered_at: Moment | null;
  last_error: string | null;
};

/** The deliveries table's columns a listing reads and an import writes, in order. */
export const deliveryColumnList =
  "enquiry_id, channel, status, attempts, next_attempt_at, delivered_at, last_error";

const iso = (moment: Moment) => new Date(moment).toISOString();

export const toStoredEnquiry = (row: EnquiryRow): StoredEnquiry => {
  const fields = Object.fromEntries(
    enquiryFields.map((field) => [field.key, row[snakeCase(field.key)] ?? null]),
  ) as Enquiry;
  return { id: row.id, receivedAt: iso(row.received_at), ...fields };
};

const toChannelDelivery = (row: DeliveryRow): ChannelDelivery => ({
  channel: row.channel,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at == null ? null : iso(row.next_attempt_at),
  deliveredAt: row.delivered_at == null ? null : iso(row.delivered_at),
  lastError: row.last_error,
});

/** Enquiries with their jobs, in the enquiries' order, the jobs in the channels' order. */
export function withDeliveries(
  enquiries: EnquiryRow[],
  deliveries: DeliveryRow[],
): EnquiryWithDelivery[] {
  const jobs = new Map<string, ChannelDelivery[]>();
  for (const row of deliveries) {
    const id = String(row.enquiry_id);
    jobs.set(id, [...(jobs.get(id) ?? []), toChannelDelivery(row)]);
  }
  const order = (job: ChannelDelivery) => deliveryChannels.indexOf(job.channel);
  return enquiries.map((row) => {
    const channels = (jobs.get(String(row.id)) ?? []).sort((a, b) => order(a) - order(b));
    const delivered = channels.every((job) => job.status === "delivered");
    return {
      ...toStoredEnquiry(row),
      delivery: { status: delivered ? "delivered" : "pending", channels },
    };
  });
}

/** Failure reasons are kept short: they are for operators, and SMTP replies can be long. */
export const shortReason = (reason: string) => reason.slice(0, 500);

export const emptyBacklog = (): DeliveryBacklog =>
  Object.fromEntries(
    deliveryChannels.map((channel) => [channel, { pending: 0, oldestPendingSince: undefined }]),
  ) as DeliveryBacklog;
