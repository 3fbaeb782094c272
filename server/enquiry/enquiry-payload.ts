import { type EnquiryPayload, enquiryPayloadSchema } from "../../contract/enquiry";

export type PayloadResult =
  | { ok: true; payload: EnquiryPayload }
  | { ok: false; fields: Record<string, string> };

/** Checks a parsed JSON body, naming every bad field with one message each. */
export function parseEnquiryPayload(body: unknown): PayloadResult {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, fields: { body: "Expected a JSON object" } };
  }
  const fields: Record<string, string> = {};
  const parsed = enquiryPayloadSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "body");
      fields[field] ??= issue.message;
    }
  }
  // Checked on the raw body so a mismatch is reported alongside any other bad field.
  const { cell, phone } = body as { cell?: unknown; phone?: unknown };
  if (typeof cell === "string" && cell !== phone) fields.cell ??= "Must equal phone";
  if (parsed.success && Object.keys(fields).length === 0) return { ok: true, payload: parsed.data };
  return { ok: false, fields };
}
