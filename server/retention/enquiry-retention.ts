import { dayOf } from "../insights/insights-report";
import type { EnquiryStore, PurgeOutcome } from "../store/enquiry-store";

// POPIA: personal information is kept no longer than needed. Once an enquiry is in the
// company mailbox, the stored copy is only kept for ENQUIRY_RETENTION_DAYS. An enquiry that was
// never delivered is never deleted here: nobody has read it yet.

export const dayMs = 86_400_000;

/** Enquiries received before this moment are past retention. */
export const retentionCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * dayMs);

/** The first UTC day whose insights counts are kept (INSIGHTS_RETENTION_MONTHS). */
export function insightsCutoffDay(now: Date, months: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return dayOf(cutoff);
}

const delivered = (count: number) => `${count} delivered ${count === 1 ? "enquiry" : "enquiries"}`;
const undelivered = (count: number, age: string) =>
  `${count} ${count === 1 ? "enquiry" : "enquiries"}${age} ${age ? "and " : ""}not yet delivered`;

/** What a purge did (or, dry, would do), in words for an operator. */
export function describePurge(
  outcome: PurgeOutcome,
  { retentionDays, dryRun }: { retentionDays: number; dryRun: boolean },
): string {
  const age = retentionDays === 0 ? "" : ` received over ${retentionDays} days ago`;
  const lines = [
    `${dryRun ? "Would delete" : "Deleted"} ${delivered(outcome.deleted)}${age} (ENQUIRY_RETENTION_DAYS=${retentionDays}).`,
  ];
  if (outcome.keptUndelivered > 0) {
    lines.push(
      `Kept ${undelivered(outcome.keptUndelivered, age)}: retention never deletes an enquiry before it reaches the company mailbox.`,
    );
  }
  return lines.join("\n");
}

type Log = {
  info: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
};

export type RetentionSchedule = {
  /** Purges now (e.g. right after a delivery, when retention is 0 days). */
  runNow(): Promise<void>;
  /** Stops the daily runs and waits for one in progress. */
  stop(): Promise<void>;
};

/** Purges at once, then daily. Timers are unref'd: they never keep a stopping process alive. */
export function startRetentionSchedule(options: {
  store: EnquiryStore;
  retentionDays: number;
  /** Unset: the insights counts are kept (a test of enquiries alone). */
  insightsRetentionMonths?: number;
  log: Log;
  intervalMs?: number;
}): RetentionSchedule {
  const { store, retentionDays, insightsRetentionMonths, log } = options;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function purge(): Promise<void> {
    try {
      const outcome = await store.purgeDelivered(retentionCutoff(new Date(), retentionDays));
      // Counts only: which enquiries went is nobody's business in a log.
      if (outcome.deleted > 0 || outcome.keptUndelivered > 0) {
        log.info({ ...outcome, retentionDays }, "retention: old delivered enquiries deleted");
      }
      if (insightsRetentionMonths !== undefined) {
        const before = insightsCutoffDay(new Date(), insightsRetentionMonths);
        const rows = await store.insights.purgeCounts(before);
        if (rows > 0) log.info({ rows, before }, "retention: old insights counts deleted");
      }
    } catch (error) {
      log.error({ err: error }, "retention: could not purge the store; will try again");
    }
  }

  function runNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    // One purge at a time; a request during one waits for it and then runs its own.
    const next = (running ?? Promise.resolve()).then(purge);
    running = next;
    void next.then(() => {
      if (running === next) running = undefined;
    });
    return next;
  }

  const timer = setInterval(() => void runNow(), options.intervalMs ?? dayMs);
  timer.unref();
  void runNow();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
