import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { hasValidXsrfToken } from "../site/xsrf-token";
import type { EnquiryStore } from "../store/enquiry-store";
import { checkBotToken } from "./bot-check";
import { parseEnquiryPayload } from "./enquiry-payload";

type Options = {
  config: Config;
  store: EnquiryStore;
  /** Called once an enquiry is safely stored, so delivery need not wait for its next round. */
  onStored: () => void;
};

export const enquiryPath = "/api/Comms/ValidateEmailTokens";

/** The form's send call (spec, section 7): verify, store, then answer. Delivery is separate. */
export function registerEnquiryRoute(app: FastifyInstance, { config, store, onStored }: Options) {
  const { botCheck } = config;
  app.post(
    enquiryPath,
    {
      bodyLimit: 32 * 1024,
      config: { rateLimit: { max: config.enquiryRateLimitPerMinute, timeWindow: 60_000 } },
      onRequest: async (request, reply) => {
        if (!hasValidXsrfToken(request)) {
          return reply.code(403).send({ error: "xsrf_token_mismatch" });
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

      if (botCheck.secret) {
        const outcome = await checkBotToken(
          { ...botCheck, secret: botCheck.secret },
          payload.token,
          request.ip,
        );
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
          {
            name: payload.name,
            phone: payload.phone,
            email: payload.email,
            enquiryType: payload.enquiry,
            message: payload.message,
          },
          new Date(),
        ));
      } catch (error) {
        request.log.error({ err: error }, "enquiry could not be stored");
        return reply.code(503).send({ error: "store_unavailable" });
      }
      request.log.info({ enquiryId: id }, "enquiry stored");
      onStored();
      return reply.code(201).send({ id });
    },
  );
}
