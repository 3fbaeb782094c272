import fastifyPlugin from "fastify-plugin";
import type { DeliveryChannels } from "../../contract/retention";
import type { EnquiryStore } from "../store/enquiry-store";
import { type RetentionSchedule, startRetentionSchedule } from "./enquiry-retention";
import { privacyStatementMismatch } from "./privacy-statement-check";

declare module "fastify" {
  interface FastifyInstance {
    /** Purges what is past retention now, besides the daily run. */
    runRetentionNow(): Promise<void>;
  }
}

/**
 * Runs the retention purge while the app runs: once when it is ready, then daily. Warns at
 * startup when the built privacy statement (under `siteRoot`) states another period or
 * delivery.
 */
export const retentionLifecyclePlugin = fastifyPlugin<{
  store: EnquiryStore;
  retentionDays: number;
  channels: DeliveryChannels;
  siteRoot: string;
}>(async (app, { store, retentionDays, channels, siteRoot }) => {
  const privacyMismatch = privacyStatementMismatch(siteRoot, retentionDays, channels);
  if (privacyMismatch) app.log.warn(privacyMismatch);
  let retention: RetentionSchedule | undefined;
  app.decorate("runRetentionNow", async () => {
    await retention?.runNow();
  });
  app.addHook("onReady", async () => {
    retention = startRetentionSchedule({
      store,
      retentionDays,
      log: app.log.child({ component: "retention" }),
    });
  });
  app.addHook("onClose", async () => {
    await retention?.stop();
  });
});
