import { repeat } from "../repeat";
import type { EnquiryStore } from "../store/enquiry-store";
import { type DeliveryChannel, deliveryChannels } from "../store/schema";

// An enquiry waiting longer than retries take means a channel keeps failing: the visitor was
// told "sent" and the company has heard nothing. Said in /readyz, a warning and the metrics.

/** Stuck: the channels whose oldest job waited longer than `alertAfterMinutes`. */
export async function checkDelivery(
  store: EnquiryStore,
  alertAfterMinutes: number,
  now = new Date(),
) {
  const backlog = await store.deliveryBacklog();
  const waited = (channel: DeliveryChannel) => {
    const since = backlog[channel].oldestPendingSince;
    return since ? Math.floor((now.getTime() - since.getTime()) / 60_000) : 0;
  };
  const pending = Object.fromEntries(deliveryChannels.map((c) => [c, backlog[c].pending]));
  const channels = deliveryChannels.filter((channel) => waited(channel) > alertAfterMinutes);
  if (channels.length === 0) return { status: "ok" as const, pending };
  const oldestPendingMinutes = Math.max(...channels.map(waited));
  return { status: "stuck" as const, channels, oldestPendingMinutes, alertAfterMinutes, pending };
}

/** Checks now and every few minutes, warning each time delivery is stuck. */
export function startDeliveryAlerts(options: {
  store: EnquiryStore;
  alertAfterMinutes: number;
  log: Record<"warn" | "info" | "error", (fields: object, message: string) => void>;
  intervalMs?: number;
}) {
  const { store, alertAfterMinutes, log } = options;
  let wasStuck = false;
  return repeat(
    async () => {
      try {
        // Counts and ages only: nothing about who wrote in.
        const { status, ...figures } = await checkDelivery(store, alertAfterMinutes);
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
    },
    options.intervalMs ?? 5 * 60_000,
  );
}
