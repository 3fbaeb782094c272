import { Counter, Gauge, Registry } from "prom-client";
import type { DeliveryBacklog, EnquiryStore } from "./store/enquiry-store";
import { type DeliveryChannel, deliveryChannels } from "./store/schema";

export type ServiceMetrics = ReturnType<typeof createServiceMetrics>;

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
      "Enquiries stored for delivery and acknowledged to the visitor (201); held ones are enquiries_held_total.",
    ),
    enquiriesHeld: counter(
      "enquiries_held_total",
      "Enquiries stored held for a person because the bot check was in doubt or could not be made, by reason (low_score, action_mismatch, hostname_mismatch, verifier_unreachable, verifier_error); the visitor got the same 201.",
      ["reason"],
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
