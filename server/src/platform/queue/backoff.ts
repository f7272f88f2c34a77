import { isoAt, nowMs } from "../lib/clock.js";

// A queue's retry schedule: the wait before each retry, after which the row is a dead letter. The
// schedules are each queue's own; `scale` lets tests shrink one, `jitter` spreads rows that failed
// together (±jitter of the wait) so that they do not all retry at once.

export interface Backoff {
  /** The wait before the 1st, 2nd, … retry; a row that failed once more than this has retries is dead. */
  delaysMs: readonly number[];
  /** Multiplies every wait (1 in production). */
  scale?: number;
  /** A fraction of the wait by which it may vary either way (0.1: ±10 %). */
  jitter?: number;
}

/**
 * The wait before the next try of a row that has failed `attempts` times before this failure, at
 * least `atLeastMs` (a Retry-After), or undefined when its retries are spent.
 */
export function retryDelay(backoff: Backoff, attempts: number, atLeastMs = 0): number | undefined {
  const delay = backoff.delaysMs[attempts];
  if (delay === undefined) return undefined;
  const jitter = backoff.jitter ?? 0;
  const spread = jitter === 0 ? 1 : 1 - jitter + Math.random() * 2 * jitter;
  return Math.max(atLeastMs, delay * (backoff.scale ?? 1) * spread);
}

/** When the next try is due, as retryDelay; undefined when the retries are spent. */
export function retryAt(backoff: Backoff, attempts: number, atLeastMs = 0): string | undefined {
  const delay = retryDelay(backoff, attempts, atLeastMs);
  return delay === undefined ? undefined : isoAt(nowMs() + delay);
}
