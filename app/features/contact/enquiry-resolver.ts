import type { FieldErrors, Resolver } from "react-hook-form";
import {
  type EnquiryFormInput,
  type EnquiryFormValues,
  enquiryFormSchema,
} from "../../../contract/enquiry";

/**
 * Checks the form against the shared schema for react-hook-form: the first problem of each
 * field becomes its error. It does what @hookform/resolvers' zodResolver did for this form, in
 * a few lines instead of a dependency in the contact page's JavaScript.
 */
export const enquiryResolver: Resolver<EnquiryFormInput, unknown, EnquiryFormValues> = async (
  input,
) => {
  const result = enquiryFormSchema.safeParse(input);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<EnquiryFormInput> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof EnquiryFormInput;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
