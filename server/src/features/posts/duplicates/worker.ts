import type { Services } from "../../../platform/context.js";
import { log } from "../../../platform/lib/log.js";
import { everyPoll } from "../../../platform/lib/poll.js";
import { checkQueuedPosts } from "./check.js";

/** How often the queue is looked at: a suggestion shows a second or two after the post. */
const POLL_MS = 1000;
/** A pass stops taking more after this long, so a stop never waits long. */
const PASS_BUDGET_MS = 5_000;

/** One pass: check queued posts until none is left or the budget is spent. */
export async function duplicateCheckPass(services: Services, budgetMs = PASS_BUDGET_MS): Promise<void> {
  const until = Date.now() + budgetMs;
  while ((await checkQueuedPosts(services)) > 0 && Date.now() < until) {
    // a burst of new posts is drained before the next poll
  }
}

/** The duplicate checker in the background work; the queue's conditional delete keeps each check to one writer. */
export function startDuplicateChecker(services: Services): () => Promise<void> {
  return everyPoll(POLL_MS, () => duplicateCheckPass(services).catch((error) => log.warn("duplicate check pass failed", { error })));
}
