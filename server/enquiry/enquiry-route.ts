import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync } from "fastify";
import { enquiryFromPayload, sendEnquiryPath } from "../../contract/enquiry";
import type { Config } from "../config";
import type { EnquiryStore } from "../store/enquiry-store";
import { checkBotToken } from "./bot-check";
import { parseEnquiryPayload } from "./enquiry-payload";
import { isFromAnotherOrigin } from "./same-origin";

/** Every refusal answers `{ "error": "<name>" }`; the name is the metrics' reason. */
function errorName(payload: unknown): string {
  try {
    const { error } = JSON.parse(String(payload)) as { error?: unknown };
    return typeof error === "string" ? error : "other";
  } catch {
    return "other";
  }
}

type Options = Pick<Config, "botCheck" | "enquiryRateLimitPerMinute"> & { store: EnquiryStore };

/**
 * The form's send call (requirements §7): verify, store, then answer; delivery is separate.
 * Only a stored enquiry can get an acknowledgement: refused calls (rate limit, bot check,
 * invalid) never reach the store.
 * Registered under the API prefix; this scope takes JSON bodies only, and has its own limits.
 */
export const enquiryRoutePlugin: FastifyPluginAsync<Options> = async (app, options) => {
  const { botCheck, store } = options;
  if (!botCheck) {
    app.log.warn("RECAPTCHA_SECRET is not set: the bot check is SKIPPED for every enquiry");
  }
  await app.register(fastifyRateLimit, { global: false });
  // Every answer of this scope, refusals by the error handler and rate limiter included.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode === 201) app.metrics.enquiryAccepted();
    else if (reply.statusCode >= 400) app.metrics.enquiryRefused(errorName(payload));
    return payload;
  });
  // Without this, text/plain would reach the handler as a string instead of a 415.
  app.removeContentTypeParser("text/plain");

  app.post(
    sendEnquiryPath,
    {
      bodyLimit: 32 * 1024,
      config: {
        rateLimit:
          options.enquiryRateLimitPerMinute === "off"
            ? false
            : { max: options.enquiryRateLimitPerMinute, timeWindow: 60_000 },
      },
      onRequest: async (request, reply) => {
        if (isFromAnotherOrigin(request)) {
          return reply.code(403).send({ error: "cross_origin_request" });
        }
      },
    },
    async (request, reply) => {
      const result = parseEnquiryPayload(request.body);
      if (!result.ok) {
        request.log.info({ badFields: Object.keys(result.fields) }, "enquiry refused: invalid");
        return reply.code(400).send({ error: "invalid_enquiry", fields: result.fields });
      }
      const { payload } = result;

      if (botCheck) {
        const outcome = await checkBotToken(botCheck, payload.token, request.ip);
        if (outcome.verdict !== "accepted") {
          request.log.warn(
            { reason: outcome.reason },
            `enquiry refused: bot check ${outcome.verdict}`,
          );
          return outcome.verdict === "refused"
            ? reply.code(403).send({ error: "bot_check_failed" })
            : reply.code(503).send({ error: "bot_check_unavailable" });
        }
      }

      let id: string;
      try {
        ({ id } = await store.saveEnquiry(
          enquiryFromPayload(payload),
          new Date(),
          app.deliveryPlan,
        ));
      } catch (error) {
        request.log.error({ err: error }, "enquiry could not be stored");
        return reply.code(503).send({ error: "store_unavailable" });
      }
      request.log.info({ enquiryId: id }, "enquiry stored");
      app.countEnquiry(request);
      app.wakeDelivery();
      return reply.code(201).send({ id });
    },
  );
};
