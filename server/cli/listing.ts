import { type ParseArgsConfig, parseArgs } from "node:util";
import { enquiryFields } from "../../contract/enquiry";
import { csvLine } from "../csv";
import type { EnquiryWithDelivery } from "../store/enquiry-store";
import { deliveryChannels } from "../store/schema";

type Cell = string | number | null;
type Column = [name: string, pick: (enquiry: EnquiryWithDelivery) => Cell];

/**
 * Whether a terminal would obey a character rather than show it: C0 and C1 controls, DEL, and
 * the marks that reorder text shown after them (a visitor's words could hide or fake a line).
 */
const obeyed = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code < 0xa0) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

/** Visitors' text for the operator's terminal: every obeyed character but `keep` shown as \uXXXX. */
export const visible = (text: string, keep = "") =>
  [...text]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      return obeyed(code) && !keep.includes(c) ? `\\u${code.toString(16).padStart(4, "0")}` : c;
    })
    .join("");

/** A line break as a visitor's browser may send it, made one newline. */
const newlines = (text: string) => text.replace(/\r\n/g, "\n");

/** JSON for the terminal: JSON escapes C0 controls itself, but not C1 ones or bidi marks. */
export const asJson = (value: unknown) => visible(JSON.stringify(value, null, 2), "\n");

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

// The enquiry's own columns as the store names them, then its state (held and spam ones are
// not delivered, decision 0039) and each channel's job (empty where it has none for that channel).
const columns: Column[] = [
  ...(["id", "receivedAt", ...enquiryFields.map((field) => field.key)] as const).map(
    (key): Column => [snakeCase(key), (e) => e[key]],
  ),
  ["delivery_status", (e) => e.delivery.status],
  ["held_reason", (e) => e.heldReason],
  ...deliveryChannels.flatMap((channel): Column[] => {
    const job = (e: EnquiryWithDelivery) => e.delivery.channels.find((j) => j.channel === channel);
    return (["status", "attempts", "deliveredAt", "nextAttemptAt", "lastError"] as const).map(
      (key): Column => [`${channel}_${snakeCase(key)}`, (e) => job(e)?.[key] ?? null],
    );
  }),
];

/** The cell as the export prints it: a line break kept (it is quoted), any other control shown. */
const exported = (cell: Cell) =>
  typeof cell === "string" ? visible(newlines(cell), "\n\t") : cell;

export const enquiriesAsCsv = (enquiries: EnquiryWithDelivery[]) =>
  [
    columns.map(([name]) => name),
    ...enquiries.map((e) => columns.map(([, pick]) => exported(pick(e)))),
  ]
    .map(csvLine)
    .join("\r\n");

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Rows as aligned columns, the first left, the others left or (numbers) right. */
export function textTable(rows: string[][], numbersRight = false): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  return rows.map((row) =>
    row
      .map((cell, i) =>
        i > 0 && numbersRight ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd(),
  );
}

export function enquiriesAsTable(enquiries: EnquiryWithDelivery[]): string {
  if (enquiries.length === 0) return "No enquiries stored.";
  const pending = enquiries.filter((e) => e.delivery.status === "pending").length;
  const held = enquiries.filter((e) => e.delivery.status === "held").length;
  return [
    ...textTable([
      ["received", "id", "type", "delivery", "channels (attempts)", "name", "email"],
      ...enquiries.map((e) =>
        [
          e.receivedAt,
          e.id,
          e.enquiryType,
          e.delivery.status,
          e.delivery.channels
            .map((job) => `${job.channel}:${job.status}(${job.attempts})`)
            .join(" "),
          e.name.replace(/[ \n]+/g, " ").slice(0, 40),
          e.email,
        ].map((cell) => visible(cell)),
      ),
    ]),
    "",
    `${plural(enquiries.length, "enquiry", "enquiries")}, ${pending} awaiting delivery${held ? `, ${held} held` : ""}.`,
  ].join("\n");
}

/** The held enquiries, each with why the bot check held it and what releases it. */
export function heldAsTable(enquiries: EnquiryWithDelivery[]): string {
  if (enquiries.length === 0) return "No enquiries held.";
  return [
    ...textTable([
      ["received", "id", "reason", "type", "name", "email"],
      ...enquiries.map((e) =>
        [
          e.receivedAt,
          e.id,
          e.heldReason ?? "",
          e.enquiryType,
          e.name.replace(/[ \n]+/g, " ").slice(0, 40),
          e.email,
        ].map((cell) => visible(cell)),
      ),
    ]),
    "",
    `${plural(enquiries.length, "enquiry", "enquiries")} held. Read one with find --email; then release ID (delivered once) or spam ID (never delivered).`,
  ].join("\n");
}

/** Every field of every enquiry, one block each: what an access request must show. */
export function enquiriesAsRecords(enquiries: EnquiryWithDelivery[]): string {
  const blocks = enquiries.map((e) =>
    columns
      .map(([label, pick]) => {
        // Multi-line messages stay readable and cannot pass for another field's line; nothing
        // else a terminal obeys (an escape sequence, a lone carriage return) is printed raw.
        const text = visible(newlines(String(pick(e) ?? "-")), "\n\t").replace(
          /\n/g,
          `\n${" ".repeat(19)}`,
        );
        return `${`${label}:`.padEnd(19)}${text}`;
      })
      .join("\n"),
  );
  return [...blocks, `${plural(enquiries.length, "enquiry", "enquiries")}.`].join("\n\n");
}

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The command line's options, or its problem and the usage on standard error. */
export function parseOrExit<Options extends ParseArgsConfig>(options: Options, usage: string) {
  try {
    return parseArgs(options);
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
}
