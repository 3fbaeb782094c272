export type RetryBackoff = { baseMs: number; capMs: number };

/** Delay before the next attempt after `failedAttempts` failures: doubling, capped. */
export function retryDelayMs(failedAttempts: number, backoff: RetryBackoff): number {
  const exponent = Math.max(0, failedAttempts - 1);
  // 2 ** 40 already dwarfs any cap; bounding the exponent keeps the arithmetic finite.
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(exponent, 40));
}
