import { type Backoff, sendQueue } from "../../platform/queue/index.js";

/** Deliveries to Slack, GitHub and Linear wait pending until sent; one that failed for good keeps why. */
export const integrationQueue = sendQueue("integration deliveries", "integration_deliveries", "last_error");

/** Waits before each retry: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h; then the delivery fails. */
export function integrationBackoff(scale: number): Backoff {
  return { delaysMs: [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000], scale };
}
