import { Webhook } from "standardwebhooks";
import { enquiryFields } from "../../contract/enquiry";
import type { Config } from "../config";
import type { StoredEnquiry } from "../store/schema";

// Each stored enquiry POSTed as JSON to ENQUIRY_WEBHOOK_URL, signed as Standard Webhooks says,
// so a CRM can check it came from us and drop a repeat by its webhook-id (decision 0012).

/** Failures name a status or a code only: a receiver's answer may quote the enquiry back. */
const failure = (message: string, fields: { status?: number; code?: string }) =>
  Object.assign(new Error(message), fields);

/** Sends one enquiry; resolves once the receiver answered 2xx within the timeout. */
export function createWebhookSender({ url, secret, timeoutMs }: NonNullable<Config["webhook"]>) {
  const signer = new Webhook(secret);
  return async (enquiry: StoredEnquiry) => {
    const fields = Object.fromEntries(enquiryFields.map(({ key }) => [key, enquiry[key]]));
    const { id: enquiryId, receivedAt } = enquiry;
    const body = JSON.stringify({
      type: "enquiry.received",
      timestamp: receivedAt,
      data: { id: enquiryId, receivedAt, ...fields },
    });
    // Stable per enquiry, so a receiver recognises a repeat after a crash mid-delivery.
    const id = `enquiry-${enquiryId}`;
    const now = new Date();
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": signer.sign(id, now, body),
      },
      body,
      // A redirect could take the enquiry somewhere the operator never configured.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    }).catch(({ name, cause }: { name?: string; cause?: { code?: unknown } }) => {
      const code = name === "TimeoutError" ? "timeout" : String(cause?.code ?? name ?? "unknown");
      throw failure(`the webhook receiver could not be reached: ${code}`, { code });
    });
    await response.body?.cancel();
    const { status } = response;
    if (!response.ok) throw failure(`the webhook receiver answered ${status}`, { status });
  };
}
