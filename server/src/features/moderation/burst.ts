import type { Context } from "hono";
import type { AppEnv } from "../../http/env.js";
import { BURST_LIMIT, type CountSubmission } from "./signals.js";

// A burst is counted in the attempt limiter (15-minute window; shared through Redis with
// REDIS_URL, like sign-in attempts and guests' posts): per end user and per client address, in
// each workspace. Both are counted every time, so one does not hide the other.

/** Counts one submission of this request's end user and address; true over either's limit. */
export function submissionCounter(c: Context<AppEnv>): CountSubmission {
  const limiter = c.get("signInLimiter");
  const address = c.get("clientAddress") ?? "unknown";
  return async (workspaceId, userId) => {
    const [byUser, byAddress] = await Promise.all([
      limiter.consume(`submissions:user:${workspaceId}:${userId}`, BURST_LIMIT),
      limiter.consume(`submissions:address:${workspaceId}:${address}`, BURST_LIMIT),
    ]);
    return !byUser.allowed || !byAddress.allowed;
  };
}
