import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyPlugin from "fastify-plugin";
import { type DeliveryChannels, retentionStatement } from "../../contract/retention";
import { dayOf } from "../insights/insights-report";
import type { PluginOptions } from "../plugin-options";
import { repeat } from "../repeat";
import type { EnquiryStore, PurgeOutcome } from "../store/enquiry-store";

// POPIA: personal information is kept no longer than needed. A delivered enquiry is kept for
// ENQUIRY_RETENTION_DAYS; one never delivered is never deleted here: nobody has read it yet.

export const dayMs = 86_400_000;

/** Enquiries received before this moment are past retention. */
export const retentionCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * dayMs);

const enquiries = (count: number, what = "") =>
  `${count}${what} ${count === 1 ? "enquiry" : "enquiries"}`;

/** What a purge did (or, dry, would do), in words for an operator. */
export function describePurge(
  { deleted, keptUndelivered }: PurgeOutcome,
  { retentionDays, dryRun }: { retentionDays: number; dryRun: boolean },
): string {
  const age = retentionDays === 0 ? "" : ` received over ${retentionDays} days ago`;
  const done = `${dryRun ? "Would delete" : "Deleted"} ${enquiries(deleted, " delivered")}${age} (ENQUIRY_RETENTION_DAYS=${retentionDays}).`;
  if (keptUndelivered === 0) return done;
  return `${done}\nKept ${enquiries(keptUndelivered)}${age} ${age ? "and " : ""}not yet delivered: retention never deletes an enquiry before it reaches the company mailbox.`;
}

/** Purges at once, then daily; also the insights counts older than `insightsRetentionMonths`. */
export function startRetentionSchedule(options: {
  store: EnquiryStore;
  retentionDays: number;
  insightsRetentionMonths?: number;
  log: Record<"info" | "error", (fields: object, message: string) => void>;
}) {
  const { store, retentionDays, insightsRetentionMonths, log } = options;
  const { run, stop } = repeat(async () => {
    try {
      const outcome = await store.purgeDelivered(retentionCutoff(new Date(), retentionDays));
      // Counts only: which enquiries went is nobody's business in a log.
      if (outcome.deleted > 0 || outcome.keptUndelivered > 0) {
        log.info({ ...outcome, retentionDays }, "retention: old delivered enquiries deleted");
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

const entities = new Map(Object.entries({ amp: "&", lt: "<", gt: ">", quot: '"', nbsp: " " }));

/** A warning when the built privacy statement does not state the period the server applies. */
export function privacyStatementMismatch(
  siteRoot: string,
  retentionDays: number,
  channels: DeliveryChannels,
) {
  const page = join(siteRoot, "privacy", "index.html");
  let html: string;
  try {
    html = readFileSync(page, "utf8");
  } catch {
    return `Cannot check that the privacy statement states ENQUIRY_RETENTION_DAYS=${retentionDays}: ${page} is missing. Build the site with the same ENQUIRY_RETENTION_DAYS as the server.`;
  }
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&#(x27|39);/g, "'")
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (entity, name: string) => entities.get(name) ?? entity)
    .replace(/\s+/g, " ");
  if (text.includes(retentionStatement(retentionDays, channels))) return undefined;
  const stated = /Our website keeps an enquiry (?:for (\d+) days?|only until)/.exec(text);
  const says = stated
    ? ` (it states ${stated[1] ? `${stated[1]} days` : "until delivered, 0"})`
    : "";
  const delivery = `SMTP_URL ${channels.email ? "set" : "unset"}, ENQUIRY_WEBHOOK_URL ${channels.webhook ? "set" : "unset"}`;
  return `The built privacy statement does not state ENQUIRY_RETENTION_DAYS=${retentionDays} with ${delivery}${says}: visitors are told something untrue. Rebuild the site (npm run build) with the same ENQUIRY_RETENTION_DAYS, SMTP_URL and ENQUIRY_WEBHOOK_URL as the server.`;
}

/**
 * The purge while the app runs, and a warning at startup when the privacy statement says
 * otherwise. `afterDelivery` purges at once with ENQUIRY_RETENTION_DAYS=0: then the company's
 * mailbox or CRM is the record, so the copy goes once every channel has it (the purge keeps an
 * enquiry while any job is pending).
 */
export function retentionService({ config, store, channels }: PluginOptions) {
  const { retentionDays, insightsRetentionMonths, siteRoot } = config;
  let retention: ReturnType<typeof startRetentionSchedule> | undefined;
  const plugin = fastifyPlugin(async (app) => {
    const mismatch = privacyStatementMismatch(siteRoot, retentionDays, channels);
    if (mismatch) app.log.warn(mismatch);
    app.addHook("onReady", async () => {
      const log = app.log.child({ component: "retention" });
      retention = startRetentionSchedule({ store, retentionDays, insightsRetentionMonths, log });
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
