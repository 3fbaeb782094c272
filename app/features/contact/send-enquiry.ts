import { siteConfig } from "../../config";
import { request } from "../../lib/http-client";
import type { EnquiryFormValues } from "./enquiry-schema";

export const SEND_ENQUIRY_URL = `${siteConfig.apiBase}/Comms/ValidateEmailTokens`;

/** The body of the spec's one call (section 7): the form's values plus the fixed fields. */
export type EnquiryPayload = EnquiryFormValues & {
  token: string;
  compname: string;
  type: "mail";
  cell: string;
};

export function enquiryPayload(values: EnquiryFormValues, token: string): EnquiryPayload {
  return {
    name: values.name,
    phone: values.phone,
    email: values.email,
    enquiry: values.enquiry,
    message: values.message,
    token,
    compname: siteConfig.companyName,
    type: "mail",
    cell: values.phone,
  };
}

/** Resolves once the server accepted the enquiry; the answer's body is not used. */
export async function sendEnquiry(values: EnquiryFormValues, token: string): Promise<void> {
  await request(SEND_ENQUIRY_URL, { method: "POST", json: enquiryPayload(values, token) });
}
