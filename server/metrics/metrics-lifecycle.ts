import fastifyPlugin from "fastify-plugin";
import { collectDefaultMetrics } from "prom-client";
import type { Config } from "../config";
import type { EnquiryStore } from "../store/enquiry-store";
import { listenForMetrics, type MetricsListener } from "./metrics-listener";
import { createServiceMetrics, type ServiceMetrics } from "./service-metrics";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's counters and gauges, for the parts that count something. */
    metrics: ServiceMetrics;
  }
}

/**
 * Keeps the app's metrics and, with METRICS_PORT set, serves them on a listener of their own
 * while the app runs (never on the public port).
 */
export const metricsLifecyclePlugin = fastifyPlugin<{
  store: EnquiryStore;
  address: Config["metrics"];
}>(async (app, { store, address }) => {
  const metrics = createServiceMetrics(store);
  app.decorate("metrics", metrics);
  if (!address) return;
  // The process metrics keep an event-loop monitor and a GC observer running: only worth it
  // where something can read them.
  collectDefaultMetrics({ register: metrics.registry });
  let listener: MetricsListener | undefined;
  app.addHook("onReady", async () => {
    listener = await listenForMetrics(metrics.registry, address, (error) =>
      app.log.error({ err: error }, "metrics could not be collected"),
    );
    app.log.info(`Metrics at http://${address.host}:${listener.port}/metrics`);
  });
  app.addHook("onClose", async () => {
    await listener?.close();
  });
});
