import { drainFor, startRunner } from "../queue/index.js";

// The poll loop that posts/duplicates/worker.ts still starts itself; every other worker is in the
// table of start/workers.ts. Both are the queue's runner (platform/queue/runner.ts).

export { drainFor };

export function everyPoll(pollMs: number, pass: () => Promise<void>, first: Promise<void> | null = null): () => Promise<void> {
  return startRunner("poll", pollMs, pass, { first });
}
