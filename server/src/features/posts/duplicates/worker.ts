import type { Services } from "../../../platform/context.js";
import { log } from "../../../platform/lib/log.js";
import { drainFor, everyPoll } from "../../../platform/lib/poll.js";
import { checkQueuedPosts } from "./check.js";

/** How often the queue is looked at: a suggestion shows a second or two after the post. */
const POLL_MS = 1000;

/** Checks queued posts until none is left or 5 s have passed. */
export function duplicateCheckPass(services: Services, budgetMs = 5_000): Promise<void> {
  return drainFor(budgetMs, () => checkQueuedPosts(services));
}

/** The duplicate checker in the background work; the queue's conditional delete keeps each check to one writer. */
export function startDuplicateChecker(services: Services): () => Promise<void> {
  return everyPoll(POLL_MS, () => duplicateCheckPass(services).catch((error) => log.warn("duplicate check pass failed", { error })));
}
