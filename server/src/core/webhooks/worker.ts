import type { Db } from "../../db/database.js";
import { log } from "../../lib/log.js";
import { deliverDue, type DeliveryOptions } from "./deliver.js";
import { fanOutEvents } from "./fanout.js";

/**
 * The webhook worker inside every server process: fan committed events out into deliveries, then
 * send what is due. Passes never overlap within a process; across processes the claims in the
 * database keep every event and delivery to one handler.
 */
export function startWebhookWorker(db: Db, options: DeliveryOptions & { pollMs: number }): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      while ((await fanOutEvents(db)) > 0 && !stopped) {
        // drain bursts before delivering
      }
      await deliverDue(db, options);
    } catch (error) {
      log.warn("webhook worker pass failed", { error });
    }
  };
  const timer = setInterval(() => {
    if (!running && !stopped) running = pass().finally(() => (running = null));
  }, options.pollMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
