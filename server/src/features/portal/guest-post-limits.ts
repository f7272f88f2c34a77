import type { Context } from "hono";
import { HeedError } from "../../platform/errors.js";
import type { CountGuestPost } from "./submit.js";
import type { AppEnv } from "../../http/env.js";

// Guests are not verified: each new email is a new end user, so the cap per end user
// (`portalPostsPerHour`) does not stop one client that signs in under many emails. Guest posts are
// therefore also counted per client address (in each workspace) and per workspace, in the
// attempt limiter's 15-minute window (shared through Redis with REDIS_URL, like sign-in attempts).
// The address is counted first, so one address refused does not use up the workspace's count.

export const GUEST_POSTS_PER_ADDRESS = 5;
export const GUEST_POSTS_PER_WORKSPACE = 30;

/** Counts one guest post of this request's client; a 429 with retry-after over either cap. */
export function guestPostCounter(c: Context<AppEnv>): CountGuestPost {
  const limiter = c.get("signInLimiter");
  const address = c.get("clientAddress") ?? "unknown";
  return async (workspaceId) => {
    for (const [bucket, limit, whose] of [
      [`guest-posts:address:${workspaceId}:${address}`, GUEST_POSTS_PER_ADDRESS, "from one address"],
      [`guest-posts:workspace:${workspaceId}`, GUEST_POSTS_PER_WORKSPACE, "on this portal"],
    ] as const) {
      const decision = await limiter.consume(bucket, limit);
      if (!decision.allowed) {
        const seconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
        const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
        throw new HeedError("post_limit_reached", `Guests have posted too many ideas ${whose} for now; try again in ${wait}.`, {
          headers: { "retry-after": String(seconds) },
        });
      }
    }
  };
}
