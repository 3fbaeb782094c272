import { sharedPlugin } from "../shared-plugin";
import type { EnquiryStore } from "../store/enquiry-store";
import { type RetentionSchedule, startRetentionSchedule } from "./enquiry-retention";

declare module "fastify" {
  interface FastifyInstance {
    /** Purges what is past retention now, besides the daily run. */
    runRetentionNow(): Promise<void>;
  }
}

/** Runs the retention purge while the app runs: once when it is ready, then daily. */
export const retentionLifecyclePlugin = sharedPlugin<{
  store: EnquiryStore;
  retentionDays: number;
}>(async (app, { store, retentionDays }) => {
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
