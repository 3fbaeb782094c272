import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  botCheckAction,
  enquiryFromPayload,
  enquiryPayloadSchema,
  enquiryReference,
  sendEnquiryPath,
} from "../../contract/enquiry";
import type { Config } from "../config";
import type { PluginOptions } from "../plugin-options";
import { isFromAnotherOrigin } from "../same-origin";

/** The payload of a parsed JSON body, or every bad field with one message each. */
function readPayload(body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { fields: { body: "Expected a JSON object" } };
  }
  const parsed = enquiryPayloadSchema.safeParse(body);
  const fields: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? [])
    fields[String(issue.path[0] ?? "body")] ??= issue.message;
  // On the raw body, so a mismatch is reported alongside any other bad field.
  const { cell, phone } = body as { cell?: unknown; phone?: unknown };
  if (typeof cell === "string" && cell !== phone) fields.cell ??= "Must equal phone";
  return parsed.success && Object.keys(fields).length === 0 ? { payload: parsed.data } : { fields };
}

// Only the fields we judge by; anything else the provider adds is ignored.
const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

/**
 * Accepted, refused (no token, or one the provider calls invalid), or held: stored for a person
 * to judge when the check is in doubt or could not be made (decision 0039). A held reason's first
 * word is its kind, the metrics' label.
 */
type Verdict = { verdict: "accepted" } | { verdict: "refused" | "held"; reason: string };

/** The provider's errors that are ours (the secret, the request), not the visitor's token's. */
const ourErrors = new Set(["missing-input-secret", "invalid-input-secret", "bad-request"]);

/** A word the visitor's browser chose (action, hostname), fit to store and print. */
const word = (value: string | undefined) =>
  (value ?? "none").replace(/[^\w.:/-]/g, "?").slice(0, 60);

/** Asks the bot-check provider about one token. Never throws. */
async function checkBotToken(
  settings: NonNullable<Config["botCheck"]>,
  token: string,
  remoteIp: string,
): Promise<Verdict> {
  if (!token) return { verdict: "refused", reason: "missing-token" };
  let body: unknown;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: settings.secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) return { verdict: "held", reason: `verifier_error http ${response.status}` };
    body = await response.json();
  } catch (error) {
    if (error instanceof SyntaxError)
      return { verdict: "held", reason: "verifier_error malformed answer" };
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { verdict: "held", reason: `verifier_unreachable${timedOut ? " timeout" : ""}` };
  }
  const answer = siteverifyAnswer.safeParse(body);
  if (!answer.success) return { verdict: "held", reason: "verifier_error malformed answer" };
  const { success, score, action, hostname } = answer.data;
  const errors = answer.data["error-codes"] ?? [];
  if (!success && errors.some((code) => ourErrors.has(code)))
    return { verdict: "held", reason: `verifier_error ${errors.map(word).join(",")}` };
  if (!success) return { verdict: "refused", reason: errors.join(",") || "unsuccessful" };
  if (action !== botCheckAction)
    return { verdict: "held", reason: `action_mismatch ${word(action)}` };
  if (score === undefined || score < settings.minScore)
    return { verdict: "held", reason: `low_score ${score ?? "none"}` };
  const allowed = settings.allowedHostnames;
  if (allowed && !allowed.includes(hostname?.toLowerCase() ?? "")) {
    return { verdict: "held", reason: `hostname_mismatch ${word(hostname)}` };
  }
  return { verdict: "accepted" };
}

/** Every refusal answers `{ "error": "<name>" }`; the name is the metrics' reason. */
const errorName = (payload: unknown) =>
  /^\{"error":"([a-z_]{1,40})"/.exec(String(payload))?.[1] ?? "other";

/** What the send call tells other parts once an enquiry is stored, or held. */
type Stored = {
  countEnquiry(request: FastifyRequest, enquiryId: string): void;
  countHeld(): void;
  wakeDelivery(): void;
};

/**
 * The form's send call (requirements §7): verify, store (held when the check is in doubt), then
 * answer; JSON only, with limits.
 */
export const enquiryRoutePlugin: FastifyPluginAsync<PluginOptions & Stored> = async (
  app,
  { config, store, plan, metrics, countEnquiry, countHeld, wakeDelivery },
) => {
  const { botCheck, enquiryRateLimitPerMinute: perMinute } = config;
  if (!botCheck)
    app.log.warn("RECAPTCHA_SECRET is not set: the bot check is SKIPPED for every enquiry");
  await app.register(fastifyRateLimit, { global: false });
  // Answered as any stored enquiry is, but counted apart.
  const heldSends = new WeakSet<FastifyRequest>();
  // Every answer of this scope, the error handler's and the rate limiter's included.
  app.addHook("onSend", async (request, reply, payload) => {
    if (heldSends.has(request)) return payload;
    if (reply.statusCode === 201) metrics.enquiriesAccepted.inc();
    else if (reply.statusCode >= 400) metrics.enquiriesRefused.inc({ reason: errorName(payload) });
    return payload;
  });
  // Else text/plain would reach the handler as a string instead of a 415.
  app.removeContentTypeParser("text/plain");

  app.post(
    sendEnquiryPath,
    {
      bodyLimit: 32 * 1024,
      config: { rateLimit: perMinute === "off" ? false : { max: perMinute, timeWindow: 60_000 } },
      onRequest: async (request, reply) => {
        if (isFromAnotherOrigin(request, config.siteUrl))
          return reply.code(403).send({ error: "cross_origin_request" });
      },
    },
    async (request, reply) => {
      const read = readPayload(request.body);
      if (!read.payload) {
        request.log.info({ badFields: Object.keys(read.fields) }, "enquiry refused: invalid");
        return reply.code(400).send({ error: "invalid_enquiry", fields: read.fields });
      }
      const { payload } = read;
      const check = botCheck
        ? await checkBotToken(botCheck, payload.token, request.ip)
        : ({ verdict: "accepted" } as const);
      if (check.verdict === "refused") {
        request.log.warn({ reason: check.reason }, "enquiry refused: bot check refused");
        return reply.code(403).send({ error: "bot_check_failed" });
      }
      const held = check.verdict === "held" ? { reason: check.reason } : undefined;
      const stored = await store
        .saveEnquiry(enquiryFromPayload(payload), new Date(), plan, held)
        .catch((error: unknown) =>
          request.log.error({ err: error }, "enquiry could not be stored"),
        );
      if (!stored) return reply.code(503).send({ error: "store_unavailable" });
      const { id } = stored;
      if (held) {
        // Stored for a person to release; the visitor is answered as for any stored enquiry.
        request.log.warn(
          { enquiryId: id, reason: held.reason },
          "enquiry stored held: bot check in doubt",
        );
        heldSends.add(request);
        metrics.enquiriesHeld.inc({ reason: held.reason.split(" ")[0] });
        countHeld();
        return reply.code(201).send({ id });
      }
      request.log.info({ enquiryId: id }, "enquiry stored");
      countEnquiry(request, id);
      wakeDelivery();
      return reply.code(201).send({ id, reference: enquiryReference(id) });
    },
  );
};
