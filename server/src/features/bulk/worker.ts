import type { Services } from "../../platform/context.js";
import { log } from "../../platform/lib/log.js";
import { drainFor, everyPoll } from "../../platform/lib/poll.js";
import { runBulkJobBatch } from "./run.js";

/** How often the runner looks for work: a job shows progress within this of being made. */
const POLL_MS = 250;

/** Batches until no job has work or 2 s have passed (a job of 10,000 posts is 200 batches). */
export function bulkJobPass(services: Services, budgetMs = 2_000): Promise<void> {
  return drainFor(budgetMs, () => runBulkJobBatch(services));
}

export function startBulkJobs(services: Services): () => Promise<void> {
  return everyPoll(POLL_MS, () => bulkJobPass(services).catch((error) => log.warn("bulk job pass failed", { error })));
}
