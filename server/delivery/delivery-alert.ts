import type { EnquiryStore } from "../store/enquiry-store";

// An enquiry waiting much longer than retries take means the mail server has been refusing us
// (or SMTP_URL is unset): the visitor was told "sent" and the company has heard nothing. This
// is reported where an operator looks: /readyz, a warning log line, and the metrics.

export type DeliveryAlert =
  | { status: "ok" }
  | { status: "stuck"; oldestPendingMinutes: number; alertAfterMinutes: number };

export async function checkDelivery(
  store: EnquiryStore,
  alertAfterMinutes: number,
  now = new Date(),
): Promise<DeliveryAlert & { pending: number }> {
  const { pending, oldestPendingSince } = await store.deliveryBacklog();
  const waitedMinutes = oldestPendingSince
    ? Math.floor((now.getTime() - oldestPendingSince.getTime()) / 60_000)
    : 0;
  return waitedMinutes > alertAfterMinutes
    ? { status: "stuck", oldestPendingMinutes: waitedMinutes, alertAfterMinutes, pending }
    : { status: "ok", pending };
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
          "enquiry delivery stuck: an enquiry has waited longer than DELIVERY_ALERT_AFTER_MINUTES; check SMTP_URL and the mail server",
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
