import fastifyPlugin from "fastify-plugin";
import type { Config } from "../config";
import {
  type DeliveryChannel,
  type DeliveryPlan,
  deliveryChannels,
  type EnquiryStore,
  type StoredEnquiry,
} from "../store/enquiry-store";
import { startDeliveryAlerts } from "./delivery-alert";
import {
  type DeliveryOutcomeListener,
  type DeliveryWorker,
  startDeliveryWorker,
} from "./delivery-worker";
import { composeAcknowledgementMail, composeEnquiryMail } from "./enquiry-mail";
import { createWebhookSender } from "./enquiry-webhook";
import { createSmtpSender } from "./smtp-sender";

declare module "fastify" {
  interface FastifyInstance {
    /** The jobs each stored enquiry gets, from the channels configured. */
    deliveryPlan: DeliveryPlan;
    /** Tells delivery that an enquiry was stored, so it need not wait for its next round. */
    wakeDelivery(): void;
  }
}

type Options = Pick<
  Config,
  "mail" | "webhook" | "acknowledgement" | "retry" | "delivery" | "deliveryAlertAfterMinutes"
> & {
  store: EnquiryStore;
  onOutcome?: DeliveryOutcomeListener;
};

/**
 * Runs a delivery worker per configured channel while the app runs: they start once the app
 * is ready, and closing the app waits for the deliveries in progress. Stuck delivery is
 * reported all the while. With neither mail nor a webhook configured, nothing is sent: stored
 * enquiries wait for the next start with SMTP_URL (or a webhook) set.
 */
export const deliveryLifecyclePlugin = fastifyPlugin<Options>(async (app, options) => {
  const { mail, webhook, acknowledgement, store } = options;
  const log = app.log.child({ component: "delivery" });
  // Watched with or without settings: an unset SMTP_URL is one way for delivery to stall.
  let alerts: { stop(): Promise<void> } | undefined;
  app.addHook("onReady", async () => {
    alerts = startDeliveryAlerts({
      store,
      alertAfterMinutes: options.deliveryAlertAfterMinutes,
      log,
    });
  });
  app.addHook("onClose", async () => {
    await alerts?.stop();
  });

  // Mail is the company's channel unless only a webhook is set; without either, enquiries wait
  // for mail, as they always have.
  app.decorate("deliveryPlan", {
    channels: [
      ...(mail || !webhook ? ["mail" as const] : []),
      ...(webhook ? ["webhook" as const] : []),
    ],
    acknowledge: acknowledgement !== undefined,
  });
  if (!mail && !webhook) {
    app.log.warn(
      "Neither SMTP_URL nor ENQUIRY_WEBHOOK_URL is set: enquiries are stored but wait, undelivered, until one is",
    );
  }

  const senders: Partial<Record<DeliveryChannel, (enquiry: StoredEnquiry) => Promise<void>>> = {};
  const closers: (() => void)[] = [];
  if (mail) {
    const smtp = createSmtpSender(mail.smtpUrl);
    closers.push(smtp.close);
    senders.mail = (enquiry) => smtp.send(composeEnquiryMail(enquiry, mail));
    if (acknowledgement) {
      senders.acknowledgement = (enquiry) =>
        smtp.send(composeAcknowledgementMail(enquiry, { ...mail, ...acknowledgement }));
    }
  }
  if (webhook) senders.webhook = createWebhookSender(webhook);

  const workers: DeliveryWorker[] = [];
  app.decorate("wakeDelivery", () => {
    for (const worker of workers) worker.wake();
  });
  app.addHook("onReady", async () => {
    for (const channel of deliveryChannels) {
      const deliver = senders[channel];
      if (!deliver) continue;
      workers.push(
        startDeliveryWorker({
          store,
          channel,
          deliver,
          backoff: options.retry,
          leaseMs: options.delivery.leaseMs,
          pollMs: options.delivery.pollMs,
          log,
          onOutcome: options.onOutcome,
        }),
      );
    }
  });
  app.addHook("onClose", async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const close of closers) close();
  });
});
