import { Webhook } from "standardwebhooks";
import { enquiryFields } from "../../contract/enquiry";
import type { StoredEnquiry } from "../store/enquiry-store";

// The webhook channel: each stored enquiry POSTed as JSON to ENQUIRY_WEBHOOK_URL, signed as the
// Standard Webhooks specification says, so a CRM or chat tool can check it came from us and
// drop a repeat by its webhook-id (decision 0012).

export type WebhookSettings = {
  url: string;
  /** `whsec_` and the base64 key, as the specification writes it. */
  secret: string;
  timeoutMs: number;
};

/** Why this secret cannot sign, or undefined when it can. */
export function webhookSecretProblem(secret: string): string | undefined {
  const key = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret)?.[1];
  // The specification asks for 24 to 64 random bytes.
  const bytes = key && key.length % 4 === 0 ? Buffer.from(key, "base64").length : 0;
  if (bytes < 24 || bytes > 64) {
    return "use whsec_ followed by 24 to 64 random bytes in base64 (e.g. `echo whsec_$(openssl rand -base64 32)`)";
  }
  return undefined;
}

/** The body: the specification's envelope around the enquiry's id, time and fields. */
function webhookBody(enquiry: StoredEnquiry) {
  return {
    type: "enquiry.received",
    timestamp: enquiry.receivedAt,
    data: {
      id: enquiry.id,
      receivedAt: enquiry.receivedAt,
      ...Object.fromEntries(enquiryFields.map((field) => [field.key, enquiry[field.key]])),
    },
  };
}

/** A receiver's refusal: the status alone, since its answer may quote the enquiry back. */
class WebhookRefused extends Error {
  constructor(readonly status: number) {
    super(`the webhook receiver answered ${status}`);
  }
}

/** No answer: refused, reset, timed out. Named by its code, which carries no enquiry data. */
class WebhookUnreachable extends Error {
  readonly code: string;
  constructor(error: unknown) {
    const { name, cause } = (error ?? {}) as { name?: string; cause?: { code?: unknown } };
    const code =
      name === "TimeoutError" ? "timeout" : String(cause?.code ?? name ?? "unknown error");
    super(`the webhook receiver could not be reached: ${code}`);
    this.code = code;
  }
}

/** Sends one enquiry; resolves once the receiver answered 2xx within the timeout. */
export function createWebhookSender(settings: WebhookSettings) {
  const signer = new Webhook(settings.secret);
  return async function send(enquiry: StoredEnquiry): Promise<void> {
    const body = JSON.stringify(webhookBody(enquiry));
    // Stable per enquiry, so a receiver recognises a repeat (after a crash mid-delivery).
    const id = `enquiry-${enquiry.id}`;
    const now = new Date();
    const response = await fetch(settings.url, {
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
      // Bounds the whole exchange, the answer's body included; running out is a failure.
      signal: AbortSignal.timeout(settings.timeoutMs),
    }).catch((error: unknown) => {
      throw new WebhookUnreachable(error);
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299) throw new WebhookRefused(response.status);
  };
}
