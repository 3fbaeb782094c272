import { type EnquiryFormValues, enquiryPayload, sendEnquiryPath } from "../../../contract/enquiry";
import { siteConfig } from "../../config";
import { request } from "../../lib/http-client";

const sendEnquiryUrl = `${siteConfig.apiBase}${sendEnquiryPath}`;

/** Resolves once the server accepted the enquiry; the answer's body is not used. */
export async function sendEnquiry(values: EnquiryFormValues, token: string): Promise<void> {
  await request(sendEnquiryUrl, {
    method: "POST",
    json: enquiryPayload(values, token, siteConfig.companyName),
  });
}
