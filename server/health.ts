import type { FastifyPluginAsync } from "fastify";
import { checkDelivery } from "./delivery/delivery-alert";
import type { EnquiryStore } from "./store/enquiry-store";

type Options = { store: EnquiryStore; deliveryAlertAfterMinutes: number };

/**
 * Liveness (the process answers) and readiness (it can also reach its store), with a report of
 * delivery stuck longer than DELIVERY_ALERT_AFTER_MINUTES.
 */
export const healthPlugin: FastifyPluginAsync<Options> = async (app, options) => {
  const { store, deliveryAlertAfterMinutes } = options;
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      // Reading the delivery backlog is also the proof that the store answers.
      const { pending: _, ...delivery } = await checkDelivery(store, deliveryAlertAfterMinutes);
      return { status: "ready", delivery };
    } catch (error) {
      request.log.error({ err: error }, "store unreachable");
      return reply.code(503).send({ error: "store_unavailable" });
    }
  });
};
