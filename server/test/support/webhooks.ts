import { startWorker } from "../../src/start/workers.js";
import type { Harness } from "./harness.js";

/** The webhooks' background work, as the server runs it, polling every 50 ms: their follower of the outbox and the sender. */
export function startWebhookWork(h: Harness): () => Promise<void> {
  const background = { services: h.services, config: { webhooks: { timeoutMs: 2000, allowPrivate: true, retryScale: 0.01, pollMs: 50 } } };
  const stopFollowing = startWorker("webhooks follower", background);
  const stopSending = startWorker("webhook worker", background);
  return async () => {
    await stopFollowing();
    await stopSending();
  };
}
