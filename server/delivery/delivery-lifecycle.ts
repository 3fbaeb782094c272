import fastifyPlugin from "fastify-plugin";
import type { Config } from "../config";
import type { EnquiryStore } from "../store/enquiry-store";
import { startDeliveryAlerts } from "./delivery-alert";
import {
  type DeliveryOutcomeListener,
  type DeliveryWorker,
  startDeliveryWorker,
} from "./delivery-worker";
import { composeEnquiryMail } from "./enquiry-mail";
import { createSmtpSender } from "./smtp-sender";

declare module "fastify" {
  interface FastifyInstance {
    /** Tells delivery that an enquiry was stored, so it need not wait for its next round. */
    wakeDelivery(): void;
  }
}

type Options = Pick<Config, "mail" | "retry" | "delivery" | "deliveryAlertAfterMinutes"> & {
  store: EnquiryStore;
  onOutcome?: DeliveryOutcomeListener;
};

/**
 * Runs the delivery worker while the app runs: it starts once the app is ready, and closing
 * the app waits for the delivery in progress. Stuck delivery is reported all the while. Without mail settings nothing is sent; stored
 * enquiries wait for the next start with SMTP_URL set.
 */
export const deliveryLifecyclePlugin = fastifyPlugin<Options>(
  async (app, { mail, retry, delivery, deliveryAlertAfterMinutes, store, onOutcome }) => {
    const log = app.log.child({ component: "delivery" });
    // Watched with or without mail settings: unset SMTP_URL is one way for delivery to stall.
    let alerts: { stop(): Promise<void> } | undefined;
    app.addHook("onReady", async () => {
      alerts = startDeliveryAlerts({ store, alertAfterMinutes: deliveryAlertAfterMinutes, log });
    });
    app.addHook("onClose", async () => {
      await alerts?.stop();
    });

    if (!mail) {
      app.log.warn("SMTP_URL is not set: enquiries are stored but wait, undelivered, until it is");
      app.decorate("wakeDelivery", () => {});
      return;
    }
    const sender = createSmtpSender(mail.smtpUrl);
    let worker: DeliveryWorker | undefined;
    app.decorate("wakeDelivery", () => worker?.wake());
    app.addHook("onReady", async () => {
      worker = startDeliveryWorker({
        store,
        compose: (enquiry) => composeEnquiryMail(enquiry, mail),
        send: sender.send,
        backoff: retry,
        leaseMs: delivery.leaseMs,
        pollMs: delivery.pollMs,
        log,
        onOutcome,
      });
    });
    app.addHook("onClose", async () => {
      await worker?.stop();
      sender.close();
    });
  },
);
