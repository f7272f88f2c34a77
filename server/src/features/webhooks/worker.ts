import type { Db } from "../../platform/db/database.js";
import { log } from "../../platform/lib/log.js";
import { everyPoll } from "../../platform/lib/poll.js";
import { startDueDeliveries, type DeliveryOptions } from "./deliver.js";
import { fanOutEvents } from "./fanout.js";

/**
 * The webhook worker inside every server process: fan committed events out into deliveries, then
 * start sending what is due. Passes never overlap within a process, sends run beside them; across
 * processes the claims in the database keep every event and delivery to one handler.
 */
export function startWebhookWorker(db: Db, options: DeliveryOptions & { pollMs: number }): () => Promise<void> {
  let stopped = false;
  // Endpoints with a send under way in this process: the next passes leave them alone.
  const busy = new Set<string>();
  const sends = new Set<Promise<number>>();
  const pass = async () => {
    try {
      while ((await fanOutEvents(db)) > 0 && !stopped) {
        // drain a burst of events before sending
      }
      for (const send of await startDueDeliveries(db, options, busy)) {
        sends.add(send);
        void send.catch((error) => log.warn("webhook delivery failed unexpectedly", { error })).finally(() => sends.delete(send));
      }
    } catch (error) {
      log.warn("webhook worker pass failed", { error });
    }
  };
  const stop = everyPoll(options.pollMs, pass);
  return async () => {
    stopped = true;
    await stop();
    await Promise.allSettled([...sends]);
  };
}
