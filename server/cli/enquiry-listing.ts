import { enquiryFields } from "../../contract/enquiry";
import { deliveryChannels, type EnquiryWithDelivery } from "../store/enquiry-store";

type Cell = string | number | null;

const enquiryKeys = ["id", "receivedAt", ...enquiryFields.map((field) => field.key)] as const;
const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

// The enquiry's own columns as the store names them, then its overall state and each
// channel's job (empty where the enquiry has none for that channel).
const csvColumns: [string, (e: EnquiryWithDelivery) => Cell][] = [
  ...enquiryKeys.map((key): [string, (e: EnquiryWithDelivery) => Cell] => [
    snakeCase(key),
    (e) => e[key],
  ]),
  ["delivery_status", (e) => e.delivery.status],
  ...deliveryChannels.flatMap((channel) => {
    const job = (e: EnquiryWithDelivery) => e.delivery.channels.find((j) => j.channel === channel);
    const columns: [string, (e: EnquiryWithDelivery) => Cell][] = [
      [`${channel}_status`, (e) => job(e)?.status ?? null],
      [`${channel}_attempts`, (e) => job(e)?.attempts ?? null],
      [`${channel}_delivered_at`, (e) => job(e)?.deliveredAt ?? null],
      [`${channel}_next_attempt_at`, (e) => job(e)?.nextAttemptAt ?? null],
      [`${channel}_last_error`, (e) => job(e)?.lastError ?? null],
    ];
    return columns;
  }),
];

function csvCell(value: Cell): string {
  let text = value == null ? "" : String(value);
  // Visitor text opened in a spreadsheet must stay text, never become a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function enquiriesAsCsv(enquiries: EnquiryWithDelivery[]): string {
  const rows = enquiries.map((e) => csvColumns.map(([, pick]) => csvCell(pick(e))).join(","));
  return [csvColumns.map(([name]) => name).join(","), ...rows].join("\r\n");
}

export function enquiriesAsTable(enquiries: EnquiryWithDelivery[]): string {
  if (enquiries.length === 0) return "No enquiries stored.";
  const header = ["received", "id", "type", "delivery", "channels (attempts)", "name", "email"];
  const rows = enquiries.map((e) => [
    e.receivedAt,
    e.id,
    e.enquiryType,
    e.delivery.status,
    e.delivery.channels.map((job) => `${job.channel}:${job.status}(${job.attempts})`).join(" "),
    e.name.replace(/\s+/g, " ").slice(0, 40),
    e.email,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((r) => r[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  const pending = enquiries.filter((e) => e.delivery.status === "pending").length;
  return [
    line(header),
    ...rows.map(line),
    "",
    `${enquiries.length} ${enquiries.length === 1 ? "enquiry" : "enquiries"}, ${pending} awaiting delivery.`,
  ].join("\n");
}

/** Every field of every enquiry, one block each: what an access request must show. */
export function enquiriesAsRecords(enquiries: EnquiryWithDelivery[]): string {
  const blocks = enquiries.map((e) =>
    csvColumns
      .map(([label, pick]) => {
        const value = pick(e);
        const text = value == null ? "-" : String(value);
        // Multi-line messages stay readable and cannot pass for another field's line.
        return `${`${label}:`.padEnd(19)}${text.replace(/\r?\n/g, `\n${" ".repeat(19)}`)}`;
      })
      .join("\n"),
  );
  const count = `${enquiries.length} ${enquiries.length === 1 ? "enquiry" : "enquiries"}.`;
  return [...blocks, count].join("\n\n");
}
