import type { Services } from "../../../platform/context.js";
import { followOnce } from "../../../platform/changes/follow.js";
import { drainFor, type Pass } from "../../../platform/queue/index.js";
import { checkQueuedPosts } from "./check.js";
import { duplicatesFollower } from "./follower.js";

/** How often the queue is looked at: a suggestion shows a second or two after the post. */
export const DUPLICATES_POLL_MS = 1000;

/** Checks queued posts until none is left, 5 s have passed or the runner stops (the background worker's pass). */
export function duplicateChecksPass(services: Services, budgetMs = 5_000, run?: Pass): Promise<void> {
  return drainFor(budgetMs, () => checkQueuedPosts(services), run);
}

/** The outbox's new and retitled posts queued by the follower, then checked: what one background round does, at once. */
export async function duplicateCheckPass(services: Services, budgetMs = 5_000): Promise<void> {
  await drainFor(budgetMs, () => followOnce(services, duplicatesFollower));
  await duplicateChecksPass(services, budgetMs);
}
