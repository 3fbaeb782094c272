import { Counter, Gauge, Registry } from "prom-client";
import {
  type DeliveryBacklog,
  type DeliveryChannel,
  deliveryChannels,
  type EnquiryStore,
} from "../store/enquiry-store";

// What an operator alerts on (docs/operations.md, "What to watch and alert on"). Counters live in this process; the
// backlog gauges are read from the store at scrape time, so several instances sharing one
// store all report the same, true backlog. One registry per app: tests build several apps in
// one process, and a shared global registry would mix their counts.

export type ServiceMetrics = {
  registry: Registry;
  enquiryAccepted(): void;
  /** `reason` is one of our fixed error names (invalid_enquiry, rate_limited, ...). */
  enquiryRefused(reason: string): void;
  deliveryOutcome(channel: DeliveryChannel, outcome: "delivered" | "failed"): void;
  /** `route` is one of the built site's pages, so the label stays bounded. */
  pageViewed(route: string): void;
};

export function createServiceMetrics(store: EnquiryStore): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];

  const accepted = new Counter({
    name: "enquiries_accepted_total",
    help: "Enquiries stored and acknowledged to the visitor (201).",
    registers,
  });
  const refused = new Counter({
    name: "enquiries_refused_total",
    help: "Send calls refused, by reason (the error name in the JSON answer).",
    labelNames: ["reason"],
    registers,
  });
  const labelNames = ["channel"] as const;
  const sent = new Counter({
    name: "enquiry_deliveries_sent_total",
    help: "Deliveries the other side took, by channel (mail: the SMTP server accepted it; webhook: the receiver answered 2xx; acknowledgement: the visitor's mail was accepted).",
    labelNames,
    registers,
  });
  const failed = new Counter({
    name: "enquiry_deliveries_failed_total",
    help: "Delivery attempts that failed, by channel (each is retried later).",
    labelNames,
    registers,
  });
  const pageViews = new Counter({
    name: "site_page_views_total",
    help: "Page views counted for insights (browsers, not bots or prefetches), by page route; none with INSIGHTS=off.",
    labelNames: ["route"],
    registers,
  });
  const pageViewsByRoute = new Map<string, Counter.Internal>();
  // Every channel's series exists from the start, so an alert on a rate sees a zero first.
  for (const channel of deliveryChannels) {
    sent.inc({ channel }, 0);
    failed.inc({ channel }, 0);
  }
  // Both backlog gauges are collected together on each scrape; one store read serves both.
  let backlog: Promise<DeliveryBacklog> | undefined;
  const readBacklog = () =>
    (backlog ??= store.deliveryBacklog().finally(() => {
      backlog = undefined;
    }));
  new Gauge({
    name: "enquiry_deliveries_pending",
    help: "Deliveries not yet made, by channel (read from the store at scrape time).",
    labelNames,
    registers,
    async collect() {
      const backlog = await readBacklog();
      for (const channel of deliveryChannels) this.set({ channel }, backlog[channel].pending);
    },
  });
  new Gauge({
    name: "enquiry_oldest_pending_delivery_age_seconds",
    help: "Seconds since the oldest enquiry still waiting for this channel was received; 0 when none waits.",
    labelNames,
    registers,
    async collect() {
      const backlog = await readBacklog();
      for (const channel of deliveryChannels) {
        const since = backlog[channel].oldestPendingSince;
        this.set({ channel }, since ? Math.max(0, (Date.now() - since.getTime()) / 1000) : 0);
      }
    },
  });

  return {
    registry,
    enquiryAccepted: () => accepted.inc(),
    // Reasons come from our own fixed names, but a label must never grow without bound.
    enquiryRefused: (reason) =>
      refused.inc({ reason: /^[a-z_]{1,40}$/.test(reason) ? reason : "other" }),
    deliveryOutcome: (channel, outcome) =>
      (outcome === "delivered" ? sent : failed).inc({ channel }),
    pageViewed: (route) => {
      // One child per page route, made once: a labelled inc costs more than the count itself.
      let child = pageViewsByRoute.get(route);
      if (!child) {
        child = pageViews.labels({ route });
        pageViewsByRoute.set(route, child);
      }
      child.inc();
    },
  };
}
