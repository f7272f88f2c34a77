import type { Services } from "../../platform/context.js";
import { log } from "../../platform/lib/log.js";
import { everyPoll } from "../../platform/lib/poll.js";
import { runBulkJobBatch } from "./run.js";

/** How often the runner looks for work: a job shows progress within this of being made. */
const POLL_MS = 250;
/** A pass stops taking batches after this long, so a stop never waits long. */
const PASS_BUDGET_MS = 2_000;

/** Batches until no job has work or the budget is spent. */
export async function bulkJobPass(services: Services, budgetMs = PASS_BUDGET_MS): Promise<void> {
  const until = Date.now() + budgetMs;
  while ((await runBulkJobBatch(services)) > 0 && Date.now() < until) {
    // the next batch at once: a job of 10,000 posts is 200 batches
  }
}

export function startBulkJobs(services: Services): () => Promise<void> {
  return everyPoll(POLL_MS, () => bulkJobPass(services).catch((error) => log.warn("bulk job pass failed", { error })));
}
