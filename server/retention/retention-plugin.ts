import { readFileSync } from "node:fs";
import fastifyPlugin from "fastify-plugin";
import type { DeliveryChannels } from "../../contract/retention";
import { type BuildManifest, buildManifestFile } from "../../contract/site-build";
import { dayOf } from "../days";
import type { PluginOptions } from "../plugin-options";
import { repeat } from "../repeat";
import type { EnquiryStore, PurgeOutcome } from "../store/enquiry-store";

// POPIA: personal information is kept no longer than needed. A delivered enquiry is kept for
// ENQUIRY_RETENTION_DAYS; one never delivered is never deleted here: nobody has read it yet.
// A held or spam one (decision 0039) is kept for HELD_RETENTION_DAYS, released or not.

export const dayMs = 86_400_000;

/** Enquiries received before this moment are past retention. */
export const retentionCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * dayMs);

const enquiries = (count: number, what = "") =>
  `${count}${what} ${count === 1 ? "enquiry" : "enquiries"}`;

/** What a purge did (or, dry, would do), in words for an operator. */
export function describePurge(
  { deleted, keptUndelivered, held }: PurgeOutcome & { held: number },
  {
    retentionDays,
    heldRetentionDays,
    dryRun,
  }: { retentionDays: number; heldRetentionDays: number; dryRun: boolean },
): string {
  const age = retentionDays === 0 ? "" : ` received over ${retentionDays} days ago`;
  const verb = dryRun ? "Would delete" : "Deleted";
  const done = [
    `${verb} ${enquiries(deleted, " delivered")}${age} (ENQUIRY_RETENTION_DAYS=${retentionDays}).`,
    ...(held > 0
      ? [
          `${verb} ${enquiries(held, " held or spam")} received over ${heldRetentionDays} days ago (HELD_RETENTION_DAYS=${heldRetentionDays}).`,
        ]
      : []),
  ].join("\n");
  if (keptUndelivered === 0) return done;
  return `${done}\nKept ${enquiries(keptUndelivered)}${age} ${age ? "and " : ""}not yet delivered: retention never deletes an enquiry before it reaches the company mailbox.`;
}

/**
 * Purges at once, then daily: delivered enquiries, held and spam ones, and the insights counts
 * older than `insightsRetentionMonths`.
 */
export function startRetentionSchedule(options: {
  store: EnquiryStore;
  retentionDays: number;
  heldRetentionDays: number;
  insightsRetentionMonths?: number;
  log: Record<"info" | "error", (fields: object, message: string) => void>;
}) {
  const { store, retentionDays, heldRetentionDays, insightsRetentionMonths, log } = options;
  const { run, stop } = repeat(async () => {
    try {
      const outcome = await store.purgeDelivered(retentionCutoff(new Date(), retentionDays));
      // Counts only: which enquiries went is nobody's business in a log.
      if (outcome.deleted > 0 || outcome.keptUndelivered > 0) {
        log.info({ ...outcome, retentionDays }, "retention: old delivered enquiries deleted");
      }
      const held = await store.purgeHeld(retentionCutoff(new Date(), heldRetentionDays));
      if (held > 0) {
        log.info(
          { deleted: held, heldRetentionDays },
          "retention: old held and spam enquiries deleted",
        );
      }
      if (insightsRetentionMonths === undefined) return;
      const cutoff = new Date();
      const before = dayOf(
        new Date(cutoff.setUTCMonth(cutoff.getUTCMonth() - insightsRetentionMonths)),
      );
      const rows = await store.insights.purgeCounts(before);
      if (rows > 0) log.info({ rows, before }, "retention: old insights counts deleted");
    } catch (error) {
      log.error({ err: error }, "retention: could not purge the store; will try again");
    }
  }, dayMs);
  return { runNow: run, stop };
}

/**
 * A warning when the build's manifest (contract/site-build.ts) says its privacy statement states
 * another retention or delivery than the server's settings give.
 */
export function privacyStatementMismatch(
  siteRoot: string,
  retentionDays: number,
  channels: DeliveryChannels,
  heldRetentionDays: number,
) {
  const file = buildManifestFile(siteRoot);
  let built: BuildManifest;
  try {
    built = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return `Cannot check that the privacy statement states ENQUIRY_RETENTION_DAYS=${retentionDays}: ${file} is missing. Build the site with the same ENQUIRY_RETENTION_DAYS as the server.`;
  }
  const same =
    built.retentionDays === retentionDays &&
    built.heldRetentionDays === heldRetentionDays &&
    built.channels.mail === channels.mail &&
    built.channels.webhook === channels.webhook;
  if (same) return undefined;
  const set = (on: boolean) => (on ? "set" : "unset");
  const delivery = (of: DeliveryChannels) =>
    `SMTP_URL ${set(of.mail)}, ENQUIRY_WEBHOOK_URL ${set(of.webhook)}`;
  const days = built.retentionDays === 0 ? "until delivered, 0" : `${built.retentionDays} days`;
  // A build before held enquiries stated no period for them.
  const held = built.heldRetentionDays ?? "none";
  return `The built privacy statement does not state ENQUIRY_RETENTION_DAYS=${retentionDays} and HELD_RETENTION_DAYS=${heldRetentionDays} with ${delivery(channels)} (it states ${days} and ${held} held, built with ${delivery(built.channels)}): visitors are told something untrue. Rebuild the site (npm run build) with the same ENQUIRY_RETENTION_DAYS, HELD_RETENTION_DAYS, SMTP_URL and ENQUIRY_WEBHOOK_URL as the server.`;
}

/**
 * The purge while the app runs, and a warning at startup when the built privacy statement says
 * otherwise. `afterDelivery` purges at once with ENQUIRY_RETENTION_DAYS=0: then the company's
 * mailbox or CRM is the record, so the copy goes once every channel has it (the purge keeps an
 * enquiry while any job is pending).
 */
export function retentionService({ config, store, channels }: PluginOptions) {
  const { retentionDays, heldRetentionDays, insightsRetentionMonths, siteRoot } = config;
  let retention: ReturnType<typeof startRetentionSchedule> | undefined;
  const plugin = fastifyPlugin(async (app) => {
    const mismatch = privacyStatementMismatch(siteRoot, retentionDays, channels, heldRetentionDays);
    if (mismatch) app.log.warn(mismatch);
    app.addHook("onReady", async () => {
      const log = app.log.child({ component: "retention" });
      retention = startRetentionSchedule({
        store,
        retentionDays,
        heldRetentionDays,
        insightsRetentionMonths,
        log,
      });
    });
    app.addHook("onClose", async () => retention?.stop());
  });
  return {
    plugin,
    afterDelivery() {
      if (retentionDays === 0) void retention?.runNow();
    },
  };
}
