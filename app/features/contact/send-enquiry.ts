import { type EnquiryFormValues, enquiryPayload, sendEnquiryPath } from "../../../contract/enquiry";
import { siteConfig } from "../../config";

export const REQUEST_TIMEOUT_MS = 15_000;

// Resolves on a 2xx answer; rejects on any other, a network error or the timeout.
export async function postJson(url: string, body: unknown): Promise<void> {
  const controller = new AbortController();
  const late = new Error(`${url} gave no answer within ${REQUEST_TIMEOUT_MS} ms`);
  const timer = setTimeout(() => controller.abort(late), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  } finally {
    clearTimeout(timer);
  }
}

const sendEnquiryUrl = `${siteConfig.apiBase}${sendEnquiryPath}`;

export const sendEnquiry = (values: EnquiryFormValues, token: string) =>
  postJson(sendEnquiryUrl, enquiryPayload(values, token, siteConfig.companyName));
