import type { FieldErrors, Resolver } from "react-hook-form";
import {
  type EnquiryFormInput,
  type EnquiryFormValues,
  enquiryFormSchema,
} from "../../../contract/enquiry";

// The shared schema as react-hook-form's resolver: each field's first problem is its error.
// @hookform/resolvers' zodResolver does the same, but would add to the contact page's script.
export const enquiryResolver: Resolver<EnquiryFormInput, unknown, EnquiryFormValues> = async (
  input,
) => {
  const result = enquiryFormSchema.safeParse(input);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<EnquiryFormInput> = {};
  for (const issue of result.error.issues) {
    errors[issue.path[0] as keyof EnquiryFormInput] ??= {
      type: issue.code,
      message: issue.message,
    };
  }
  return { values: {}, errors };
};
