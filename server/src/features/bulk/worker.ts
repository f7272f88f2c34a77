import type { Services } from "../../platform/context.js";
import { drainFor, type Pass } from "../../platform/queue/index.js";
import { runBulkJobBatch } from "./run.js";

/** Batches until no job has work or 2 s have passed (a job of 10,000 posts is 200 batches). */
export function bulkJobPass(services: Services, budgetMs = 2_000, run?: Pass): Promise<void> {
  return drainFor(budgetMs, () => runBulkJobBatch(services), run);
}
