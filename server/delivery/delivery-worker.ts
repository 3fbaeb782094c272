import type { FastifyBaseLogger } from "fastify";
import type {
  ClaimedDelivery,
  DeliveryChannel,
  EnquiryStore,
  StoredEnquiry,
} from "../store/enquiry-store";
import { type RetryBackoff, retryDelayMs } from "./retry-backoff";

export type DeliveryWorker = {
  /** Looks for due work now, e.g. right after an enquiry was stored. */
  wake(): void;
  /** Stops scheduling and waits for the delivery in progress, if any. */
  stop(): Promise<void>;
};

/** Told of each attempt's outcome (metrics count them; 0-day retention purges). */
export type DeliveryOutcomeListener = (
  channel: DeliveryChannel,
  outcome: "delivered" | "failed",
) => void;

type Options = {
  store: EnquiryStore;
  channel: DeliveryChannel;
  /** Passes the enquiry on through this channel; resolves once the other side has taken it. */
  deliver: (enquiry: StoredEnquiry) => Promise<void>;
  backoff: RetryBackoff;
  /** How long a claim lasts unless renewed: how soon a dead instance's job is taken again. */
  leaseMs: number;
  /** With nothing due here, how often to look for work another instance stored. */
  pollMs: number;
  log: FastifyBaseLogger;
  onOutcome?: DeliveryOutcomeListener;
};

/** Codes an SMTP error or a webhook failure carries; never its message, which may quote data. */
type FailureCodes = { code?: unknown; responseCode?: unknown; status?: unknown };

/**
 * Passes stored enquiries on through one channel, one at a time, oldest due first, retrying
 * failures with capped exponential backoff for as long as it takes. All state lives in the
 * store, so a restart simply picks up where the last process stopped. Each job is claimed
 * under a lease first, so several instances on one store never send the same one at once, and
 * one that dies mid-delivery leaves a job any instance takes again when the lease runs out.
 * Each channel has its own worker: a slow or failing channel never holds up another.
 */
export function startDeliveryWorker(options: Options): DeliveryWorker {
  const { store, channel } = options;
  const log = options.log.child({ channel });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  // Mails the mail server accepted whose "delivered" mark the store then failed to write. The
  // next pass records them without sending again; only a restart forgets them (decision 0001).
  const sentNotRecorded = new Set<string>();

  async function deliverDue(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const claim = await store.claimDueDelivery(channel, new Date(), options.leaseMs);
      if (!claim) return;
      const { enquiry, failedAttempts } = claim;
      if (!sentNotRecorded.has(enquiry.id)) {
        try {
          await holdingLease(claim, () => options.deliver(enquiry));
        } catch (error) {
          const delay = retryDelayMs(failedAttempts + 1, options.backoff);
          const reason = error instanceof Error ? error.message : String(error);
          await store.markAttemptFailed(claim, new Date(Date.now() + delay), reason);
          options.onOutcome?.(channel, "failed");
          // Only the codes: SMTP replies can quote addresses back at us.
          const { code, responseCode, status } = (error ?? {}) as FailureCodes;
          log.warn(
            {
              enquiryId: enquiry.id,
              attempt: failedAttempts + 1,
              code,
              responseCode,
              status,
              retryInMs: delay,
            },
            "enquiry delivery failed; will retry",
          );
          continue;
        }
        sentNotRecorded.add(enquiry.id);
      }
      // A store failure here ends the pass; the enquiry stays in sentNotRecorded, and its claim
      // runs out, so the next claim of it (here) records it without sending.
      await store.markDelivered(enquiry.id, channel, new Date());
      sentNotRecorded.delete(enquiry.id);
      log.info({ enquiryId: enquiry.id, attempt: failedAttempts + 1 }, "enquiry delivered");
      options.onOutcome?.(channel, "delivered");
    }
  }

  // A slow but live attempt keeps its claim: the lease is renewed every third of its length,
  // so only an instance that stopped (killed, frozen, cut off from the store) loses it. A
  // stalled mail server or receiver still ends the attempt through the channel's timeouts.
  async function holdingLease(claim: ClaimedDelivery, attempt: () => Promise<void>) {
    const renewal = setInterval(() => {
      const until = new Date(Date.now() + options.leaseMs);
      store.extendLease(claim, until).catch((error: unknown) => {
        log.error({ err: error, enquiryId: claim.enquiry.id }, "could not renew a delivery lease");
      });
    }, options.leaseMs / 3);
    try {
      await attempt();
    } finally {
      clearInterval(renewal);
    }
  }

  async function scheduleNext(minimumWaitMs: number): Promise<void> {
    // Even with nothing due here we look again every pollMs: another instance may have stored
    // work, one may have died holding a lease, or the clock may have jumped.
    let wait = options.pollMs;
    try {
      const dueAt = await store.nextDueAt(channel);
      if (dueAt)
        wait = Math.min(options.pollMs, Math.max(minimumWaitMs, dueAt.getTime() - Date.now()));
    } catch (error) {
      log.error({ err: error }, "delivery worker could not read the store; will look again");
    }
    if (stopped) return;
    clearTimeout(timer);
    // unref: a pending retry must not keep a stopping process alive.
    timer = setTimeout(run, wait);
    timer.unref();
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    running = deliverDue()
      .then(
        () => false,
        (error: unknown) => {
          // The store itself failed (disk full, locked too long): keep the process, try later.
          log.error({ err: error }, "delivery worker could not use the store");
          return true;
        },
      )
      .then(async (storeFailed) => {
        running = undefined;
        const woken = wokenWhileRunning;
        // Cleared on every outcome: a wake that a failed pass absorbed is served by the retry.
        wokenWhileRunning = false;
        if (woken && !storeFailed) return run();
        // After a store failure the job still looks due; pausing keeps that from spinning.
        await scheduleNext(storeFailed ? options.backoff.baseMs : 0);
      });
  }

  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
