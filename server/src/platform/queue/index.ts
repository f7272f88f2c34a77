// The queue: claim-with-lease over a job table, lease renewal, backoff and retry limits, dead
// letters with their reason, a runner that drains on stop, and figures for metrics. Features use
// it through this file; the lease's column and SQL live in this folder only.

export { jobQueue, type Queue, type QueueTable, sendQueue } from "./queue.js";
export {
  UNLEASED,
  extendLease,
  holdLease,
  leaseAll,
  leaseFree,
  leaseHeld,
  leaseOf,
  leasedFor,
  release,
  releaseAll,
  renewAll,
  selectLease,
} from "./lease.js";
export { claimNext, claimRows, dueRows } from "./claim.js";
export { type Backoff, retryAt, retryDelay } from "./backoff.js";
export { deadLetter, retryLater, succeeded } from "./settle.js";
export { sendDue } from "./send.js";
export { drainFor, startRunner, type Pass } from "./runner.js";
export { FIGURES_BOUND, type QueueFigures, queueFigures } from "./figures.js";
