import type { Config } from "../config.js";
import type { Follower } from "../platform/changes/follow.js";
import { integrationsFollower } from "../features/integrations/index.js";
import { notificationsFollower } from "../features/notifications/index.js";
import { DUPLICATES_POLL_MS, duplicatesFollower } from "../features/posts/index.js";
import { webhookFollower } from "../features/webhooks/index.js";

// Every follower of the outbox (platform/changes/follow.ts), one a line: the follower (its name
// is its cursor's), how often it looks for new events, and the file that says what it does with
// them. A new follower is a file in its feature and a line here; start/workers.ts runs each as a
// worker of its own, so one that fails holds up no other.

interface FollowerLine {
  follower: Follower;
  pollMs: (config: Pick<Config, "webhooks" | "notifications">) => number;
}

export const FOLLOWERS: FollowerLine[] = [
  { follower: webhookFollower, pollMs: (config) => config.webhooks.pollMs }, // features/webhooks/fanout.ts
  { follower: integrationsFollower, pollMs: (config) => config.webhooks.pollMs }, // features/integrations/fanout.ts
  { follower: duplicatesFollower, pollMs: () => DUPLICATES_POLL_MS }, // features/posts/duplicates/follower.ts
  { follower: notificationsFollower, pollMs: (config) => config.notifications.pollMs }, // features/notifications/follower.ts
];
