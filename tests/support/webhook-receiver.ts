import { createServer } from "node:http";
import { text as bodyOf } from "node:stream/consumers";
import { Webhook } from "standardwebhooks";
import { listenOnLoopback } from "./loopback-listener";

/** A secret in the specification's form, for the service and the receiver alike. */
const webhookSecret = `whsec_${Buffer.from("a test key of thirty-two bytes!!").toString("base64")}`;

type ReceiverAnswer = { status?: number; delayMs?: number; headers?: Record<string, string> };

/**
 * A CRM's webhook endpoint on loopback, verifying each request with the standardwebhooks
 * package exactly as docs/enquiry-delivery.md tells a receiver to.
 */
export async function startWebhookReceiver({ port = 0 } = {}) {
  const verifier = new Webhook(webhookSecret);
  let answer: () => ReceiverAnswer = () => ({});
  /** Every request that arrived, whatever was answered; `body` is undefined unless verified. */
  const received: { id: string; body: unknown; verified: boolean }[] = [];
  const server = createServer(async (request, response) => {
    const payload = await bodyOf(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    let body: unknown;
    let verified = false;
    try {
      body = verifier.verify(payload, headers);
      verified = true;
    } catch {}
    received.push({ id: headers["webhook-id"] ?? "", body, verified });
    const { status = verified ? 200 : 400, delayMs = 0, headers: extra = {} } = answer();
    const timer = setTimeout(() => {
      response.writeHead(status, extra);
      response.end();
    }, delayMs);
    response.on("close", () => clearTimeout(timer));
  });
  const listener = await listenOnLoopback(server, port);
  return {
    url: `http://127.0.0.1:${listener.port}/hooks/enquiries`,
    received,
    /** Replace how the next requests are answered (200 at once by default). */
    answerWith(next: () => ReceiverAnswer) {
      answer = next;
    },
    close: listener.close,
  };
}

/** Server settings that pass enquiries to a receiver on this machine. */
export function webhookTo(url: string, timeoutMs = 10_000) {
  return {
    ENQUIRY_WEBHOOK_URL: url,
    ENQUIRY_WEBHOOK_SECRET: webhookSecret,
    ENQUIRY_WEBHOOK_TIMEOUT_MS: String(timeoutMs),
  };
}
