import {
  type EnquiryFormValues,
  enquiryPayload,
  sendAnswerSchema,
  sendEnquiryPath,
} from "../../../contract/enquiry";
import { siteConfig } from "../../config";

export const REQUEST_TIMEOUT_MS = 15_000;

// Resolves on a 2xx answer, with its JSON (undefined when it has none: a 2xx is a success
// whatever its body); rejects on any other, a network error or the timeout.
export async function postJson(url: string, body: unknown): Promise<unknown> {
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
    // Read within the same time allowed: the signal covers the body too.
    return await response.json().catch(() => undefined);
  } finally {
    clearTimeout(timer);
  }
}

const sendEnquiryUrl = `${siteConfig.apiBase}${sendEnquiryPath}`;

/** Sends an enquiry; resolves with the reference the service gave it, if it gave one. */
export async function sendEnquiry(values: EnquiryFormValues, token: string) {
  const answer = await postJson(
    sendEnquiryUrl,
    enquiryPayload(values, token, siteConfig.companyName),
  );
  return sendAnswerSchema.safeParse(answer).data?.reference;
}
