import { z } from "zod";

// The contact form's rules (spec, section 5). The browser form and the enquiry service both
// validate with this schema, so the two can never disagree about what a valid enquiry is.

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
  enquiry: z.enum(enquiryTypeValues, "Choose an enquiry type"),
  message: required("Enter your message"),
});

export type EnquiryFormValues = z.infer<typeof enquiryFormSchema>;
