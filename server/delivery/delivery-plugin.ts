import fastifyPlugin from "fastify-plugin";
import { createTransport } from "nodemailer";
import type { PluginOptions } from "../build-app";
import {
  type DeliveryChannel,
  type DeliveryPlan,
  deliveryChannels,
  type StoredEnquiry,
} from "../store/enquiry-store";
import { startDeliveryAlerts } from "./delivery-alert";
import { startDeliveryWorker } from "./delivery-worker";
import { composeAcknowledgementMail, composeEnquiryMail } from "./enquiry-mail";
import { createWebhookSender } from "./enquiry-webhook";
import { smtpTransportOptions } from "./smtp";

declare module "fastify" {
  interface FastifyInstance {
    /** The jobs each stored enquiry gets, from the channels configured. */
    deliveryPlan: DeliveryPlan;
    /** Tells delivery an enquiry was stored, so it need not wait for its next round. */
    wakeDelivery(): void;
  }
}

/** A delivery worker per configured channel while the app runs, and the stuck-delivery alerts. */
export const deliveryPlugin = fastifyPlugin<PluginOptions>(async (app, { config, store }) => {
  const { mail, webhook, acknowledgement, channels: configured } = config;
  // Mail is the company's channel unless only a webhook is set.
  const channels = [
    ...(configured.mail || !configured.webhook ? ["mail" as const] : []),
    ...(configured.webhook ? ["webhook" as const] : []),
  ];
  app.decorate("deliveryPlan", { channels, acknowledge: configured.acknowledgement });
  if (!configured.mail && !configured.webhook) {
    app.log.warn(
      "Neither SMTP_URL nor ENQUIRY_WEBHOOK_URL is set: enquiries are stored but wait, undelivered, until one is",
    );
  }

  // Bounded timeouts: a mail server that stalls counts as a failed attempt, retried later.
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  const smtp = mail && createTransport({ ...smtpTransportOptions(mail.smtpUrl), ...timeouts });
  const senders: Partial<Record<DeliveryChannel, (enquiry: StoredEnquiry) => Promise<unknown>>> = {
    mail: mail && smtp ? (enquiry) => smtp.sendMail(composeEnquiryMail(enquiry, mail)) : undefined,
    webhook: webhook && createWebhookSender(webhook),
    acknowledgement:
      mail && smtp && acknowledgement
        ? (enquiry) =>
            smtp.sendMail(composeAcknowledgementMail(enquiry, { ...mail, ...acknowledgement }))
        : undefined,
  };

  const log = app.log.child({ component: "delivery" });
  const workers: ReturnType<typeof startDeliveryWorker>[] = [];
  let alerts: { stop(): Promise<void> } | undefined;
  app.decorate("wakeDelivery", () => {
    for (const worker of workers) worker.wake();
  });
  app.addHook("onReady", async () => {
    alerts = startDeliveryAlerts({
      store,
      alertAfterMinutes: config.deliveryAlertAfterMinutes,
      log,
    });
    for (const channel of deliveryChannels) {
      const deliver = senders[channel];
      if (!deliver) continue;
      const onOutcome = (channel: DeliveryChannel, outcome: "delivered" | "failed") => {
        app.metrics.deliveries[outcome].inc({ channel });
        // 0 days: the company's mailbox or CRM is the record, so the copy goes once every
        // channel has it (the purge keeps an enquiry while any job is pending).
        if (outcome === "delivered" && config.retentionDays === 0) void app.runRetentionNow();
      };
      const { retry: backoff, delivery } = config;
      workers.push(
        startDeliveryWorker({ store, channel, deliver, backoff, ...delivery, log, onOutcome }),
      );
    }
  });
  app.addHook("onClose", async () => {
    await Promise.all([alerts?.stop(), ...workers.map((worker) => worker.stop())]);
    if (smtp) smtp.close();
  });
});
