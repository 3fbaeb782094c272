import type { FastifyBaseLogger } from "fastify";
import type { EnquiryStore } from "../store/enquiry-store";
import type { DeliveryChannel, StoredEnquiry } from "../store/schema";

type RetryBackoff = { baseMs: number; capMs: number };

/** The delay before the next attempt after `failedAttempts` failures: doubling, capped. */
export const retryDelayMs = (failedAttempts: number, { baseMs, capMs }: RetryBackoff) =>
  Math.min(capMs, baseMs * 2 ** Math.min(Math.max(0, failedAttempts - 1), 40));

export type DeliveryWorker = ReturnType<typeof startDeliveryWorker>;

/**
 * Passes stored enquiries on through one channel, oldest due first, retrying for as long as it
 * takes. All state is in the store; a job is claimed under a lease, so no two instances send it.
 */
export function startDeliveryWorker(options: {
  store: EnquiryStore;
  channel: DeliveryChannel;
  /** Resolves once the other side has taken the enquiry. */
  deliver: (enquiry: StoredEnquiry) => Promise<unknown>;
  backoff: RetryBackoff;
  leaseMs: number;
  /** With nothing due here, how often to look for work another instance stored. */
  pollMs: number;
  log: FastifyBaseLogger;
  onOutcome?: (channel: DeliveryChannel, outcome: "delivered" | "failed") => void;
}) {
  const { store, channel, leaseMs, pollMs, backoff } = options;
  const log = options.log.child({ channel });
  let stopped = false;
  let woken = false;
  let endSleep: (() => void) | undefined;
  const wake = () => {
    if (endSleep) endSleep();
    else woken = true;
  };
  // Accepted by the other side, but the store failed to mark them delivered: the next claim
  // records them without sending again (decision 0001).
  const sentNotRecorded = new Set<string>();

  async function deliverDue() {
    while (!stopped) {
      const claim = await store.claimDueDelivery(channel, new Date(), leaseMs);
      if (!claim) return;
      const { enquiry, failedAttempts } = claim;
      const attempt = failedAttempts + 1;
      if (!sentNotRecorded.has(enquiry.id)) {
        // A slow but live attempt keeps its claim; a stalled peer still ends it by the channel's timeouts.
        const renewal = setInterval(() => {
          store.extendLease(claim, new Date(Date.now() + leaseMs)).catch((error: unknown) => {
            log.error({ err: error, enquiryId: enquiry.id }, "could not renew a delivery lease");
          });
        }, leaseMs / 3);
        try {
          await options.deliver(enquiry);
        } catch (error) {
          const retryInMs = retryDelayMs(attempt, backoff);
          const reason = error instanceof Error ? error.message : String(error);
          await store.markAttemptFailed(claim, new Date(Date.now() + retryInMs), reason);
          options.onOutcome?.(channel, "failed");
          // Only the codes: SMTP replies can quote addresses back.
          const { code, responseCode, status } = (error ?? {}) as Record<string, unknown>;
          const fields = { enquiryId: enquiry.id, attempt, code, responseCode, status, retryInMs };
          log.warn(fields, "enquiry delivery failed; will retry");
          continue;
        } finally {
          clearInterval(renewal);
        }
        sentNotRecorded.add(enquiry.id);
      }
      await store.markDelivered(enquiry.id, channel, new Date());
      sentNotRecorded.delete(enquiry.id);
      log.info({ enquiryId: enquiry.id, attempt }, "enquiry delivered");
      options.onOutcome?.(channel, "delivered");
    }
  }

  async function run() {
    while (!stopped) {
      // After a store failure (disk full, locked) the job still looks due: pause, not spin.
      let minimumWait = 0;
      try {
        await deliverDue();
      } catch (error) {
        log.error({ err: error }, "delivery worker could not use the store");
        minimumWait = backoff.baseMs;
      }
      const rerun = woken && minimumWait === 0;
      woken = false;
      if (rerun) continue;
      // At least every pollMs: another instance may have stored work or died holding a lease.
      let wait = pollMs;
      try {
        const dueAt = await store.nextDueAt(channel);
        if (dueAt) wait = Math.min(pollMs, Math.max(minimumWait, dueAt.getTime() - Date.now()));
      } catch (error) {
        log.error({ err: error }, "delivery worker could not read the store; will look again");
      }
      if (stopped) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait).unref();
        endSleep = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endSleep = undefined;
    }
  }

  const running = run();
  return {
    /** Looks for due work now, e.g. right after an enquiry was stored. */
    wake,
    /** Stops scheduling and waits for the delivery in progress, if any. */
    async stop() {
      stopped = true;
      wake();
      await running;
    },
  };
}
