import type { Config } from "../config.js";
import type { Services } from "../platform/context.js";
import type { Follower } from "../platform/changes/follow.js";
import { startFollowing } from "../platform/changes/following.js";
import { integrationsFollower } from "../features/integrations/index.js";
import { notificationsFollower } from "../features/notifications/index.js";
import { DUPLICATES_POLL_MS, duplicatesFollower } from "../features/posts/index.js";
import { webhookFollower } from "../features/webhooks/index.js";

// Every follower of the outbox (platform/changes/follow.ts), one a line: the follower (its name
// is its cursor's), how often it looks for new events, and the file that says what it does with
// them. A new follower is a file in its feature and a line here.

interface FollowerLine {
  follower: Follower;
  pollMs: (config: Config) => number;
}

export const FOLLOWERS: FollowerLine[] = [
  { follower: webhookFollower, pollMs: (config) => config.webhooks.pollMs }, // features/webhooks/fanout.ts
  { follower: integrationsFollower, pollMs: (config) => config.webhooks.pollMs }, // features/integrations/fanout.ts
  { follower: duplicatesFollower, pollMs: () => DUPLICATES_POLL_MS }, // features/posts/duplicates/follower.ts
  { follower: notificationsFollower, pollMs: (config) => config.notifications.pollMs }, // features/notifications/follower.ts
];

/** Starts every follower; the stop waits for the batches under way. */
export function startFollowers(config: Config, services: Services): () => Promise<void> {
  const stops = FOLLOWERS.map(({ follower, pollMs }) => startFollowing(services, follower, pollMs(config)));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
