import { afterAll, beforeAll } from "vitest";
import { startWorker } from "../../src/start/workers.js";
import type { Harness } from "./harness.js";
import { DEFAULT_TURN_OFF, type TurnOffRule } from "../../src/platform/turn-off/index.js";

/**
 * The webhooks' background work, as the server runs it, polling every 50 ms: their follower of the
 * outbox and the sender. The real retry schedule (5 s, 5 min, 30 min, …) is shrunk a hundredfold:
 * a retry is seen, not waited for.
 */
function startWebhookWork(h: Harness, turnOff: TurnOffRule): () => Promise<void> {
  const background = { services: h.services, config: { webhooks: { timeoutMs: 2000, allowPrivate: true, retryScale: 0.01, pollMs: 50, turnOff } } };
  const stopFollowing = startWorker("webhooks follower", background);
  const stopSending = startWorker("webhook worker", background);
  return async () => {
    await stopFollowing();
    await stopSending();
  };
}

/** The webhooks' background work, running from before the file's tests to after them, turning off endpoints by `turnOff`. */
export function useWebhookWork(h: Harness, turnOff: TurnOffRule = DEFAULT_TURN_OFF): void {
  let stop: (() => Promise<void>) | undefined;
  beforeAll(() => {
    stop = startWebhookWork(h, turnOff);
  });
  afterAll(async () => {
    await stop?.();
  });
}
