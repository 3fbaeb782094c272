import fastifyPlugin from "fastify-plugin";
import { createTransport } from "nodemailer";
import type { PluginOptions } from "../plugin-options";
import { smtpTransportOptions } from "../smtp";
import { type DeliveryChannel, deliveryChannels, type StoredEnquiry } from "../store/schema";
import { startDeliveryAlerts } from "./delivery-alert";
import { startDeliveryWorker } from "./delivery-worker";
import { composeAcknowledgementMail, composeEnquiryMail } from "./enquiry-mail";
import { createWebhookSender } from "./enquiry-webhook";
import { startHeldDigest } from "./held-digest";

/**
 * A delivery worker per configured channel while the app runs, the stuck-delivery alerts, and
 * with mail the daily digest of held enquiries.
 * `wake` tells the workers an enquiry was stored, so they need not wait for their next round;
 * `afterDelivery` is told of each delivery.
 */
export function deliveryService(
  { config, store, metrics }: PluginOptions,
  { afterDelivery }: { afterDelivery: () => void },
) {
  const { mail, webhook, acknowledgement } = config;
  const smtp = mail && createTransport(smtpTransportOptions(mail.smtpUrl));
  const senders: Partial<Record<DeliveryChannel, (enquiry: StoredEnquiry) => Promise<unknown>>> = {
    mail:
      mail && smtp
        ? async (enquiry) =>
            smtp.sendMail(composeEnquiryMail(enquiry, mail, await store.inbox.ownerOf(enquiry.id)))
        : undefined,
    webhook: webhook && createWebhookSender(webhook),
    acknowledgement:
      mail && smtp && acknowledgement
        ? (enquiry) =>
            smtp.sendMail(composeAcknowledgementMail(enquiry, { ...mail, ...acknowledgement }))
        : undefined,
  };
  const workers: ReturnType<typeof startDeliveryWorker>[] = [];

  const plugin = fastifyPlugin(async (app) => {
    if (!mail && !webhook) {
      app.log.warn(
        "Neither SMTP_URL nor ENQUIRY_WEBHOOK_URL is set: enquiries are stored but wait, undelivered, until one is",
      );
    }
    const log = app.log.child({ component: "delivery" });
    let alerts: { stop(): Promise<void> } | undefined;
    let digest: { stop(): Promise<void> } | undefined;
    app.addHook("onReady", async () => {
      alerts = startDeliveryAlerts({
        store,
        alertAfterMinutes: config.deliveryAlertAfterMinutes,
        log,
      });
      if (mail && smtp) {
        digest = startHeldDigest({
          store,
          send: (message) => smtp.sendMail(message),
          addresses: mail,
          leaseMs: config.delivery.leaseMs,
          log,
        });
      }
      for (const channel of deliveryChannels) {
        const deliver = senders[channel];
        if (!deliver) continue;
        const onOutcome = (channel: DeliveryChannel, outcome: "delivered" | "failed") => {
          metrics.deliveries[outcome].inc({ channel });
          if (outcome === "delivered") afterDelivery();
        };
        const { retry: backoff, delivery } = config;
        workers.push(
          startDeliveryWorker({ store, channel, deliver, backoff, ...delivery, log, onOutcome }),
        );
      }
    });
    app.addHook("onClose", async () => {
      await Promise.all([
        alerts?.stop(),
        digest?.stop(),
        ...workers.map((worker) => worker.stop()),
      ]);
      if (smtp) smtp.close();
    });
  });

  return {
    plugin,
    wake() {
      for (const worker of workers) worker.wake();
    },
  };
}
