import type { Services } from "../context.js";
import { drainFor, type Pass } from "../queue/index.js";
import { type Follower, followOnce } from "./follow.js";

/**
 * A follower's pass in the background work (start/workers.ts runs one per follower): batches until
 * it has read what there is, 5 s have passed or the runner stops. A follower that fails is logged by
 * its runner and tried again on the next poll, its events still ahead of it; the other followers
 * read on from their own cursors meanwhile.
 */
export function followPass(services: Services, follower: Follower): (run: Pass) => Promise<void> {
  return (run) => drainFor(5_000, () => followOnce(services, follower), run);
}
