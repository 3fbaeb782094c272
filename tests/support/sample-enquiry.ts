import type { Enquiry, EnquiryPayload } from "../../contract/enquiry";
import { enquiryPayload } from "../../contract/enquiry";
import type { DeliveryPlan } from "../../server/store/enquiry-store";

/** One enquiry for every server test: override only what the test is about. */
export function sampleEnquiry(overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    name: "Thandi Nkosi",
    phone: "0821234567",
    email: "thandi@example.co.za",
    enquiryType: "consultation",
    message: "Please call me about meters for our estate.",
    companyName: "Amanzi Meters",
    ...overrides,
  };
}

/** The send call's body for an enquiry, as the contact form builds it. */
export function samplePayload(
  enquiry: Enquiry = sampleEnquiry(),
  token = "token-from-browser",
): EnquiryPayload {
  return enquiryPayload(
    { ...enquiry, enquiry: enquiry.enquiryType },
    token,
    enquiry.companyName ?? "",
  );
}

/** The jobs an enquiry gets with mail configured and nothing else. */
export const mailOnly: DeliveryPlan = { channels: ["mail"], acknowledge: false };
