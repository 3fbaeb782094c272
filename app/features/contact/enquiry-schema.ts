import { z } from "zod";

// The contact form's rules (spec, section 5). The browser form and the enquiry service both
// validate with this schema, so the two can never disagree about what a valid enquiry is.

// Zod compiles object parsers with `new Function` unless told not to, and merely probing for
// that breaks a strict Content-Security-Policy (no 'unsafe-eval') in the browser. This must run
// before the first z.object() below, because the probe happens when a schema is built.
z.config({ jitless: true });

export const enquiryTypes = [
  { value: "consultation", label: "Consultation" },
  { value: "support", label: "Support" },
  { value: "feedback", label: "Feedback" },
  { value: "other", label: "Other" },
] as const;

export type EnquiryType = (typeof enquiryTypes)[number]["value"];

const enquiryTypeValues = enquiryTypes.map((type) => type.value) as [EnquiryType, ...EnquiryType[]];

const required = (message: string) =>
  z.string(message).refine((value) => value.trim().length > 0, message);

export const enquiryFormSchema = z.object({
  name: required("Enter your name"),
  phone: required("Enter your phone number").regex(/^[0-9]*$/, "Use digits only"),
  email: required("Enter your email address").pipe(z.email("Enter a valid email address")),
  // Input is any string (a <select> starts on its empty prompt); output is one of the four values.
  enquiry: z
    .string("Choose an enquiry type")
    .pipe(z.enum(enquiryTypeValues, "Choose an enquiry type")),
  message: required("Enter your message"),
});

/** What the form holds while it is being filled in. */
export type EnquiryFormInput = z.input<typeof enquiryFormSchema>;
/** A valid enquiry, as sent. */
export type EnquiryFormValues = z.infer<typeof enquiryFormSchema>;
