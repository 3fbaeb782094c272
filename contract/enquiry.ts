import * as z from "zod/mini";

// The contract between the contact form and the enquiry service: what a valid enquiry is, the
// body of the one send call, where it goes, and the bot-check action the token is made for
// (requirements §6 and §7).
// Both sides import this module, so they cannot drift apart; it imports neither side.
//
// zod/mini, not zod: the contact page carries this module, and mini's functional checks let the
// bundler leave out what the schema does not use. Mini's object parser never builds code with
// `new Function`, so nothing here (or in the browser) needs zod's `jitless` setting for the CSP.

/** The send call's path, below the API base (the browser's VITE_API_BASE, the server's /api). */
export const sendEnquiryPath = "/Comms/ValidateEmailTokens";

/** The reCAPTCHA action the browser asks a token for and the server insists on. */
export const botCheckAction = "contact";

/** The enquiry types, as codes; their labels are copy (app/content/contact.yaml). */
export const enquiryTypeValues = ["consultation", "support", "feedback", "other"] as const;

/**
 * What can be wrong with each field of the form, as codes. The schema's messages are these
 * codes; the form shows the words app/content/contact.yaml gives each, and the service answers
 * a bad field with its code.
 */
export const enquiryProblems = {
  name: ["missing", "notPrintable"],
  phone: ["missing", "notDigits"],
  email: ["missing", "notEmail"],
  enquiry: ["notChosen"],
  message: ["missing", "notPrintable"],
} as const;

export type EnquiryProblem = (typeof enquiryProblems)[keyof typeof enquiryProblems][number];

const problem = (code: EnquiryProblem) => code;

// A blank field is missing, and nothing else: its other checks are not run.
const required = z
  .string(problem("missing"))
  .check(z.refine((value) => value.trim().length > 0, { error: problem("missing"), abort: true }));

/** A C0 or C1 control character, or DEL: what no person types, and what a terminal obeys. */
const isControl = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code < 0xa0);
};

/**
 * Text with no control character but those `allowed` (NUL, escape sequences, a lone carriage
 * return: no store, mailbox or terminal should be handed them).
 */
const printable = (allowed = "") =>
  z.refine<string>(
    (value) => ![...value].some((c) => isControl(c) && !allowed.includes(c)),
    problem("notPrintable"),
  );

/**
 * A phone number as people write it ("+27 82 555-0199", "(012) 345 6789"): digits, with spaces,
 * hyphens and brackets among them and a leading +. The send call carries its digits only
 * (requirements §5 and §7), so the form hands on `phoneDigits` of what was typed; letters, or no
 * digit at all, are `notDigits`.
 */
const writtenPhone = /^\+?[ ()-]*[0-9][0-9 ()-]*$/;

/** What the send call carries of a phone number: its digits. */
export const phoneDigits = (phone: string) => phone.replace(/[^0-9]/g, "");

/** The form's rules: the browser checks them as the visitor types, the server again. */
export const enquiryFormSchema = z.object({
  name: required.check(printable()),
  phone: z.pipe(
    required.check(z.regex(writtenPhone, problem("notDigits"))),
    z.transform(phoneDigits),
  ),
  email: z.pipe(required, z.email(problem("notEmail"))),
  // Input is any string (a <select> starts on its empty prompt); output is one of the four values.
  enquiry: z.pipe(
    z.string(problem("notChosen")),
    z.enum([...enquiryTypeValues], problem("notChosen")),
  ),
  // Line breaks and tabs are a message's own.
  message: required.check(printable("\n\r\t")),
});

/** What the form holds while it is being filled in. */
export type EnquiryFormInput = z.input<typeof enquiryFormSchema>;
/** A valid enquiry, as the visitor filled it in. */
export type EnquiryFormValues = z.infer<typeof enquiryFormSchema>;

export type EnquiryField = keyof EnquiryFormInput;

/** The form's fields, in the schema's order: the form and its start-up read this list. */
export const enquiryFormFields = Object.keys(enquiryFormSchema.shape) as readonly EnquiryField[];

/** A field is required when the schema rejects it left empty (a blank text, an unchosen type). */
export function isRequiredField(name: EnquiryField): boolean {
  return !enquiryFormSchema.shape[name].safeParse("").success;
}

// Bounds the form has no need of (the store and the mailbox should not take a novel).
const bounded = <T extends z.ZodMiniType<string, string>>(max: number, rule: T) =>
  z.pipe(z.string("Required").check(z.maxLength(max, `At most ${max} characters`)), rule);

const form = enquiryFormSchema.shape;

/**
 * The send call's JSON body: the form's values plus the fixed fields the call adds. `cell`
 * repeats `phone`; the server checks that separately, to name the field when it does not.
 */
export const enquiryPayloadSchema = z.object({
  name: bounded(200, form.name),
  // What the form sends of a phone number, so digits only. No bound of its own (any length of
  // digits is valid); the 32 KiB body limit caps it.
  phone: required.check(z.refine((phone) => phone === phoneDigits(phone), problem("notDigits"))),
  email: bounded(254, form.email),
  enquiry: form.enquiry,
  message: bounded(10_000, form.message),
  token: z.string("Required").check(z.maxLength(4000, "At most 4000 characters"), printable()),
  compname: z.optional(z.string().check(z.maxLength(200, "At most 200 characters"), printable())),
  type: z.literal("mail", 'Must be "mail"'),
  cell: z.string("Required"),
});

export type EnquiryPayload = z.infer<typeof enquiryPayloadSchema>;

/** The body the form sends for a valid enquiry and a bot-check token. */
export function enquiryPayload(
  values: EnquiryFormValues,
  token: string,
  companyName: string,
): EnquiryPayload {
  return {
    name: values.name,
    phone: values.phone,
    email: values.email,
    enquiry: values.enquiry,
    message: values.message,
    token,
    compname: companyName,
    type: "mail",
    cell: values.phone,
  };
}

/**
 * The enquiry as the service keeps and passes it on: each field's name there, the payload
 * field it comes from (the send call's names are fixed by requirements §7; `enquiry` is kept
 * as `enquiryType`, `compname` as `companyName`), and its label in the company's mail
 * (listings name each field by its store column). The one list the server's mapping, stores,
 * mail, webhook and listings read.
 */
export const enquiryFields = [
  { key: "name", from: "name", label: "Name" },
  { key: "phone", from: "phone", label: "Phone" },
  { key: "email", from: "email", label: "Email" },
  { key: "enquiryType", from: "enquiry", label: "Enquiry type" },
  { key: "message", from: "message", label: "Message" },
  { key: "companyName", from: "compname", label: "Sent from", optional: true },
] as const satisfies readonly {
  key: string;
  from: keyof EnquiryPayload;
  label: string;
  optional?: true;
}[];

type StoredField = (typeof enquiryFields)[number];
type Value<F extends StoredField> = EnquiryPayload[F["from"]];

/** An enquiry as the service keeps it: optional fields are null when the payload had none. */
export type Enquiry = {
  [F in StoredField as F["key"]]: F extends { optional: true }
    ? Exclude<Value<F>, undefined> | null
    : Value<F>;
};

/** The stored enquiry's fields from a valid payload. */
export function enquiryFromPayload(payload: EnquiryPayload): Enquiry {
  return Object.fromEntries(
    enquiryFields.map((field) => [field.key, payload[field.from] ?? null]),
  ) as Enquiry;
}

/**
 * The short reference a visitor can quote for a stored enquiry: the first eight hex digits of its
 * id, in capitals. The send call's answer carries it for the form to show, and the company's mail
 * and the acknowledgement name it, so a quoted reference finds its enquiry.
 */
export const enquiryReference = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();

/**
 * What the form reads of the send call's 201 answer: the spec reads none of it, so an answer
 * without a reference is still a success, only with no reference to show.
 */
export const sendAnswerSchema = z.object({ reference: z.optional(z.string()) });
