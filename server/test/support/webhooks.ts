import { webhookFollower } from "../../src/features/webhooks/index.js";
import { startWebhookWorker } from "../../src/features/webhooks/worker.js";
import { startFollowing } from "../../src/platform/changes/following.js";
import type { Harness } from "./harness.js";

/** The webhooks' background work, as the server runs it, polling every 50 ms: their follower of the outbox and the sender. */
export function startWebhookWork(h: Harness): () => Promise<void> {
  const stopFollowing = startFollowing(h.services, webhookFollower, 50);
  const stopSending = startWebhookWorker(h.database.db, { timeoutMs: 2000, allowPrivate: true, retryScale: 0.01, pollMs: 50 });
  return async () => {
    await stopFollowing();
    await stopSending();
  };
}
