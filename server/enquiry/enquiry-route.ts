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

/**
 * Anti-forgery wherever the pages are served (decision 0025): whether the browser says a page of
 * another origin made this request, in `Sec-Fetch-Site` or else (Safari before 16.4) `Origin`.
 * A request with neither comes from a program, which has no visitor's browser to ride on.
 */
function isFromAnotherOrigin(request: FastifyRequest, siteUrl: string | undefined): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site !== "same-origin";
  const { origin } = request.headers;
  if (origin === undefined) return false;
  // Our own address from the settings, else the Host the proxy passes on: never a header a
  // visitor can write through the proxy (X-Forwarded-Host, decision 0032).
  const ours = siteUrl ? new URL(siteUrl).host : request.headers.host;
  // "null" (a sandboxed frame, a redirect from elsewhere) does not parse.
  return !URL.canParse(origin) || new URL(origin).host !== ours;
}

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

type Verdict = { verdict: "accepted" | "refused" | "unavailable"; reason?: string };

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
    if (!response.ok) return { verdict: "unavailable", reason: `http-${response.status}` };
    body = await response.json();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { verdict: "unavailable", reason: timedOut ? "timeout" : "unreachable" };
  }
  const answer = siteverifyAnswer.safeParse(body);
  if (!answer.success) return { verdict: "unavailable", reason: "malformed-answer" };
  const { success, score, action, hostname } = answer.data;
  if (!success)
    return { verdict: "refused", reason: answer.data["error-codes"]?.join(",") || "unsuccessful" };
  if (action !== botCheckAction) return { verdict: "refused", reason: "wrong-action" };
  if (score === undefined || score < settings.minScore)
    return { verdict: "refused", reason: "low-score" };
  const allowed = settings.allowedHostnames;
  if (allowed && !allowed.includes(hostname?.toLowerCase() ?? "")) {
    return { verdict: "refused", reason: "wrong-hostname" };
  }
  return { verdict: "accepted" };
}

/** Every refusal answers `{ "error": "<name>" }`; the name is the metrics' reason. */
const errorName = (payload: unknown) =>
  /^\{"error":"([a-z_]{1,40})"/.exec(String(payload))?.[1] ?? "other";

/** What the send call tells other parts once an enquiry is stored. */
type Stored = { countEnquiry(request: FastifyRequest): void; wakeDelivery(): void };

/** The form's send call (requirements §7): verify, store, then answer; JSON only, with limits. */
export const enquiryRoutePlugin: FastifyPluginAsync<PluginOptions & Stored> = async (
  app,
  { config, store, plan, metrics, countEnquiry, wakeDelivery },
) => {
  const { botCheck, enquiryRateLimitPerMinute: perMinute } = config;
  if (!botCheck)
    app.log.warn("RECAPTCHA_SECRET is not set: the bot check is SKIPPED for every enquiry");
  await app.register(fastifyRateLimit, { global: false });
  // Every answer of this scope, the error handler's and the rate limiter's included.
  app.addHook("onSend", async (_request, reply, payload) => {
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
      if (botCheck) {
        const { verdict, reason } = await checkBotToken(botCheck, payload.token, request.ip);
        if (verdict !== "accepted") {
          request.log.warn({ reason }, `enquiry refused: bot check ${verdict}`);
          return verdict === "refused"
            ? reply.code(403).send({ error: "bot_check_failed" })
            : reply.code(503).send({ error: "bot_check_unavailable" });
        }
      }
      const stored = await store
        .saveEnquiry(enquiryFromPayload(payload), new Date(), plan)
        .catch((error: unknown) =>
          request.log.error({ err: error }, "enquiry could not be stored"),
        );
      if (!stored) return reply.code(503).send({ error: "store_unavailable" });
      const { id } = stored;
      request.log.info({ enquiryId: id }, "enquiry stored");
      countEnquiry(request);
      wakeDelivery();
      return reply.code(201).send({ id, reference: enquiryReference(id) });
    },
  );
};
