import { type Backoff, sendQueue } from "../../platform/queue/index.js";

/** Deliveries wait pending until their endpoint took them; one that failed for good keeps why. */
export const webhookQueue = sendQueue("webhook deliveries", "webhook_deliveries", "last_error");

/**
 * Waits before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery fails; ±10 %
 * each, so that many deliveries that failed together do not retry together.
 */
export function webhookBackoff(scale: number): Backoff {
  return { delaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000], scale, jitter: 0.1 };
}
