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
  /**
   * What counts one page view of `route`, made once per route: `route` is one of the built
   * site's pages, so the label stays bounded.
   */
  pageViewCounter(route: string): () => void;
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
  // Counted on every page served, so in plain numbers, and handed to the counter only when
  // scraped: prom-client's inc works out a key from the labels each time, even on a child.
  const pageViewsByRoute = new Map<string, { n: number }>();
  new Counter({
    name: "site_page_views_total",
    help: "Page views counted for insights (browsers, not bots or prefetches), by page route; none with INSIGHTS=off.",
    labelNames: ["route"],
    registers,
    collect() {
      this.reset();
      for (const [route, { n }] of pageViewsByRoute) this.inc({ route }, n);
    },
  });
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
    pageViewCounter: (route) => {
      const views = pageViewsByRoute.get(route) ?? { n: 0 };
      pageViewsByRoute.set(route, views);
      return () => {
        views.n++;
      };
    },
  };
}
