import type { Services } from "../../platform/context.js";
import { log } from "../../platform/lib/log.js";
import { drainFor, everyPoll } from "../../platform/lib/poll.js";
import { runNextExport } from "./run.js";

/** How often the runner looks for an export to write. */
const POLL_MS = 1_000;

/** Exports, one after another, until none waits or 10 s have passed (a large one takes longer: it runs to its end). */
export function exportPass(services: Services, budgetMs = 10_000): Promise<void> {
  return drainFor(budgetMs, () => runNextExport(services));
}

export function startExports(services: Services): () => Promise<void> {
  return everyPoll(POLL_MS, () => exportPass(services).catch((error) => log.warn("export pass failed", { error })));
}
