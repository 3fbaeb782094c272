import type { ConfiguredChannels } from "../contract/settings";
import type { Config } from "./config";
import { createServiceMetrics, type ServiceMetrics } from "./service-metrics";
import type { DeliveryPlan, EnquiryStore } from "./store/enquiry-store";

/**
 * What every plugin of the service is registered with: the settings, the store, what the
 * settings decide (worked out once) and the metrics.
 */
export type PluginOptions = {
  config: Config;
  store: EnquiryStore;
  /** Which channels the settings configure (contract/settings.ts), as the privacy statement names them. */
  channels: ConfiguredChannels;
  /** The jobs each stored enquiry gets. */
  plan: DeliveryPlan;
  /** What the plugins count for an operator (docs/operations.md). */
  metrics: ServiceMetrics;
};

/** The jobs an accepted (or released) enquiry gets under these settings. */
export function deliveryPlan({ channels }: Config): DeliveryPlan {
  // Mail is the company's channel unless only a webhook is set: with neither, enquiries wait
  // for mail to be set up.
  return {
    channels: [
      ...(channels.mail || !channels.webhook ? ["mail" as const] : []),
      ...(channels.webhook ? ["webhook" as const] : []),
    ],
    acknowledge: channels.acknowledgement,
  };
}

export function pluginOptions(config: Config, store: EnquiryStore): PluginOptions {
  const { channels } = config;
  const plan = deliveryPlan(config);
  return { config, store, channels, plan, metrics: createServiceMetrics(store) };
}
