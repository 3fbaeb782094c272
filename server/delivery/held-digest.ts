import { dayOf } from "../days";
import { repeat } from "../repeat";
import type { EnquiryStore } from "../store/enquiry-store";
import { composeHeldDigestMail, type EnquiryMail } from "./enquiry-mail";

// Once a UTC day, if anything was held since the last digest, one mail to the team (decision
// 0039). The day's row in the store is the claim, taken under a lease as a delivery job is, so
// several instances send one digest between them; one that dies mid-send leaves the lease to run
// out, and another sends it (with the same Message-ID).

type DigestOptions = {
  store: EnquiryStore;
  /** Resolves once the mail server took the digest. */
  send: (mail: EnquiryMail) => Promise<unknown>;
  addresses: { from: string; to: string };
  leaseMs: number;
};

/** Sends today's digest if it is due and this instance wins the claim; resolves to how many it told of. */
export async function sendHeldDigest(
  { store, send, addresses, leaseMs }: DigestOptions,
  now = new Date(),
) {
  if ((await store.newlyHeld()).length === 0) return 0;
  const claim = await store.claimHeldDigest(dayOf(now), now, leaseMs);
  if (!claim) return 0;
  try {
    // Read again under the claim: another instance may have told of some meanwhile.
    const held = await store.newlyHeld();
    if (held.length > 0) {
      await send(composeHeldDigestMail(held, claim.day, addresses));
      if (
        await store.heldDigestSent(
          claim,
          held.map((e) => e.id),
          now,
        )
      )
        return held.length;
    }
    await store.dropHeldDigestClaim(claim);
    return 0;
  } catch (error) {
    await store.dropHeldDigestClaim(claim).catch(() => {});
    throw error;
  }
}

/** Looks now and every `intervalMs` (10 minutes), while the service runs with mail set. */
export function startHeldDigest(
  options: DigestOptions & {
    log: Record<"info" | "error", (fields: object, message: string) => void>;
    intervalMs?: number;
  },
) {
  const { log } = options;
  return repeat(
    async () => {
      try {
        // A count only: who was held is for the team's mailbox, not the log.
        const told = await sendHeldDigest(options);
        if (told > 0) log.info({ held: told }, "held enquiries digest sent");
      } catch (error) {
        log.error({ err: error }, "could not send the held enquiries digest; will try again");
      }
    },
    options.intervalMs ?? 10 * 60_000,
  );
}
