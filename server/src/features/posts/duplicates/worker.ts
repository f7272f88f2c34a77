import type { Services } from "../../../platform/context.js";
import { followOnce } from "../../../platform/changes/follow.js";
import { log } from "../../../platform/lib/log.js";
import { drainFor, everyPoll } from "../../../platform/lib/poll.js";
import { checkQueuedPosts } from "./check.js";
import { duplicatesFollower } from "./follower.js";

/** How often the queue is looked at: a suggestion shows a second or two after the post. */
export const DUPLICATES_POLL_MS = 1000;

/** Checks queued posts until none is left or 5 s have passed. */
function checkPass(services: Services, budgetMs: number): Promise<void> {
  return drainFor(budgetMs, () => checkQueuedPosts(services));
}

/** The outbox's new and retitled posts queued (the follower run by start/followers.ts in the background), then checked. */
export async function duplicateCheckPass(services: Services, budgetMs = 5_000): Promise<void> {
  await drainFor(budgetMs, () => followOnce(services, duplicatesFollower));
  await checkPass(services, budgetMs);
}

/** The duplicate checker in the background work; the queue's conditional delete keeps each check to one writer. */
export function startDuplicateChecker(services: Services): () => Promise<void> {
  return everyPoll(DUPLICATES_POLL_MS, () => checkPass(services, 5_000).catch((error) => log.warn("duplicate check pass failed", { error })));
}
