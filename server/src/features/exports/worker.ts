import type { Services } from "../../platform/context.js";
import { drainFor, type Pass } from "../../platform/queue/index.js";
import { runNextExport } from "./run.js";

/** Exports, one after another, until none waits or 10 s have passed (a large one takes longer: it runs to its end). */
export function exportPass(services: Services, budgetMs = 10_000, run?: Pass): Promise<void> {
  return drainFor(budgetMs, () => runNextExport(services), run);
}
