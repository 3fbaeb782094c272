import { z } from "zod";
import { enquiryFormSchema } from "../../app/features/contact/enquiry-schema";

// The form's own rules, plus what only the server needs: length bounds (the form has none, and
// the store and the mailbox should not take a novel), and the fixed fields the send call adds.
const bounded = <T extends z.ZodType<string, string>>(max: number, rule: T) =>
  z.string("Required").max(max, `At most ${max} characters`).pipe(rule);

const form = enquiryFormSchema.shape;

const enquiryPayloadSchema = z.object({
  name: bounded(200, form.name),
  // No bound of its own (the spec allows any length); the 32 KiB body limit caps it.
  phone: form.phone,
  email: bounded(254, form.email),
  enquiry: form.enquiry,
  message: bounded(10_000, form.message),
  token: z.string("Required").max(4000, "At most 4000 characters"),
  compname: z.string().max(200, "At most 200 characters").optional(),
  type: z.literal("mail", 'Must be "mail"'),
  cell: z.string("Required"),
});

export type EnquiryPayload = z.infer<typeof enquiryPayloadSchema>;

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
