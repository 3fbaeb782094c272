import Fastify from "fastify";
import fastifyPlugin from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { checkDelivery } from "../delivery/delivery-alert";
import type { PluginOptions } from "../plugin-options";
import type { DeliveryBacklog, EnquiryStore } from "../store/enquiry-store";
import { type DeliveryChannel, deliveryChannels } from "../store/schema";

declare module "fastify" {
  interface FastifyInstance {
    metrics: ReturnType<typeof createServiceMetrics>;
  }
}

/**
 * What an operator alerts on (docs/operations.md), in a registry per app. The backlog gauges are
 * read from the store at each scrape, so instances sharing it report the same.
 */
export function createServiceMetrics(store: EnquiryStore) {
  const registry = new Registry();
  const registers = [registry];
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers });
  let backlog: Promise<DeliveryBacklog> | undefined;
  type Backlog = DeliveryBacklog[DeliveryChannel];
  const backlogGauge = (name: string, help: string, value: (backlog: Backlog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["channel"],
      registers,
      async collect() {
        backlog ??= store.deliveryBacklog().finally(() => (backlog = undefined));
        const read = await backlog;
        for (const channel of deliveryChannels) this.set({ channel }, value(read[channel]));
      },
    });
  backlogGauge(
    "enquiry_deliveries_pending",
    "Deliveries not yet made, by channel (read from the store at scrape time).",
    (channel) => channel.pending,
  );
  backlogGauge(
    "enquiry_oldest_pending_delivery_age_seconds",
    "Seconds since the oldest enquiry still waiting for this channel was received; 0 when none waits.",
    ({ oldestPendingSince: since }) =>
      since ? Math.max(0, (Date.now() - since.getTime()) / 1000) : 0,
  );
  const deliveries = {
    delivered: counter(
      "enquiry_deliveries_sent_total",
      "Deliveries the other side took, by channel (mail: the SMTP server accepted it; webhook: the receiver answered 2xx; acknowledgement: the visitor's mail was accepted).",
      ["channel"],
    ),
    failed: counter(
      "enquiry_deliveries_failed_total",
      "Delivery attempts that failed, by channel (each is retried later).",
      ["channel"],
    ),
  };
  // Every channel's series exists from the start, so an alert on a rate sees a zero first.
  for (const channel of deliveryChannels)
    for (const c of Object.values(deliveries)) c.inc({ channel }, 0);
  return {
    registry,
    deliveries,
    enquiriesAccepted: counter(
      "enquiries_accepted_total",
      "Enquiries stored and acknowledged to the visitor (201).",
    ),
    enquiriesRefused: counter(
      "enquiries_refused_total",
      "Send calls refused, by reason (the error name in the JSON answer).",
      ["reason"],
    ),
    pageViews: counter(
      "site_page_views_total",
      "Page views counted for insights (browsers, not bots or prefetches), by page route; none with INSIGHTS=off.",
      ["route"],
    ),
  };
}

/**
 * Liveness (/healthz), readiness (/readyz), and with METRICS_PORT the metrics on a listener of
 * their own, never the public port: they are nobody else's business.
 */
export const metricsPlugin = fastifyPlugin<PluginOptions>(async (app, { config, store }) => {
  const metrics = createServiceMetrics(store);
  app.decorate("metrics", metrics);
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
});
