import type { Services } from "../context.js";
import { log } from "../lib/log.js";
import { drainFor, everyPoll } from "../lib/poll.js";
import { type Follower, followOnce } from "./follow.js";

/**
 * Runs a follower in the background work: every `pollMs`, batches until it has read what there is
 * or 5 s have passed. A follower that fails is logged and tried again on the next poll, its events
 * still ahead of it; the other followers read on from their own cursors meanwhile.
 */
export function startFollowing(services: Services, follower: Follower, pollMs: number): () => Promise<void> {
  return everyPoll(pollMs, () =>
    drainFor(5_000, () => followOnce(services, follower)).catch((error) => log.warn("outbox follower failed", { error, follower: follower.name })),
  );
}
