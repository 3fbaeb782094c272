import Fastify from "fastify";
import fastifyPlugin from "fastify-plugin";
import { collectDefaultMetrics } from "prom-client";
import { checkDelivery } from "../delivery/delivery-alert";
import type { PluginOptions } from "../plugin-options";

/**
 * Liveness (/healthz), readiness (/readyz), and with METRICS_PORT the metrics on a listener of
 * their own, never the public port: they are nobody else's business.
 */
export const metricsPlugin = fastifyPlugin<PluginOptions>(
  async (app, { config, store, metrics }) => {
    app.get("/healthz", async () => ({ status: "ok" }));
    app.get("/readyz", async (request, reply) => {
      try {
        const { pending: _, ...delivery } = await checkDelivery(
          store,
          config.deliveryAlertAfterMinutes,
        );
        return { status: "ready", delivery };
      } catch (error) {
        request.log.error({ err: error }, "store unreachable");
        return reply.code(503).send({ error: "store_unavailable" });
      }
    });

    const address = config.metrics;
    if (!address) return;
    // An event-loop monitor and a GC observer: only worth running where something reads them.
    collectDefaultMetrics({ register: metrics.registry });
    const listener = Fastify();
    listener.get("/metrics", async (_request, reply) => {
      try {
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      } catch (error) {
        // Most likely the store could not be read: a failed scrape shows as up == 0.
        app.log.error({ err: error }, "metrics could not be collected");
        return reply.code(503).send("Metrics unavailable\n");
      }
    });
    app.addHook("onReady", async () => {
      await listener.listen(address);
      app.log.info(`Metrics at http://${address.host}:${address.port}/metrics`);
    });
    app.addHook("onClose", () => listener.close());
  },
);
