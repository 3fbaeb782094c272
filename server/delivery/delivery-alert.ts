import { type DeliveryChannel, deliveryChannels, type EnquiryStore } from "../store/enquiry-store";

// An enquiry waiting much longer than retries take means a channel has been failing (the mail
// server refusing us, the webhook receiver down, SMTP_URL unset): the visitor was told "sent"
// and the company has heard nothing. This is reported where an operator looks: /readyz, a
// warning log line, and the metrics, naming the channels that are stuck.

export type DeliveryAlert =
  | { status: "ok" }
  | {
      status: "stuck";
      /** The channels whose oldest job waited longer than the threshold. */
      channels: DeliveryChannel[];
      oldestPendingMinutes: number;
      alertAfterMinutes: number;
    };

export async function checkDelivery(
  store: EnquiryStore,
  alertAfterMinutes: number,
  now = new Date(),
): Promise<DeliveryAlert & { pending: Partial<Record<DeliveryChannel, number>> }> {
  const backlog = await store.deliveryBacklog();
  const waited = (channel: DeliveryChannel) => {
    const since = backlog[channel].oldestPendingSince;
    return since ? Math.floor((now.getTime() - since.getTime()) / 60_000) : 0;
  };
  const pending = Object.fromEntries(
    deliveryChannels.map((channel) => [channel, backlog[channel].pending]),
  );
  const stuck = deliveryChannels.filter((channel) => waited(channel) > alertAfterMinutes);
  if (stuck.length === 0) return { status: "ok", pending };
  const oldestPendingMinutes = Math.max(...stuck.map(waited));
  return { status: "stuck", channels: stuck, oldestPendingMinutes, alertAfterMinutes, pending };
}

type Log = {
  warn: (fields: object, message: string) => void;
  info: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
};

/** Checks now and every few minutes, logging a warning each time delivery is stuck. */
export function startDeliveryAlerts(options: {
  store: EnquiryStore;
  alertAfterMinutes: number;
  log: Log;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { store, alertAfterMinutes, log } = options;
  let wasStuck = false;
  let running: Promise<void> | undefined;

  async function check(): Promise<void> {
    try {
      const { status, ...figures } = await checkDelivery(store, alertAfterMinutes);
      // Counts and ages only: nothing about who wrote in.
      if (status === "stuck") {
        log.warn(
          figures,
          "enquiry delivery stuck: an enquiry has waited longer than DELIVERY_ALERT_AFTER_MINUTES; check the named channels (SMTP_URL and the mail server, ENQUIRY_WEBHOOK_URL and its receiver)",
        );
      } else if (wasStuck) {
        log.info(figures, "enquiry delivery caught up");
      }
      wasStuck = status === "stuck";
    } catch (error) {
      log.error({ err: error }, "could not check the delivery backlog");
    }
  }

  const run = () => {
    running ??= check().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(run, options.intervalMs ?? 5 * 60_000);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
