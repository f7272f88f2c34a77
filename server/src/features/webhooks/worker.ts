import type { Db } from "../../platform/db/database.js";
import { log } from "../../platform/lib/log.js";
import { everyPoll } from "../../platform/lib/poll.js";
import { startDueDeliveries, type DeliveryOptions } from "./deliver.js";

/**
 * The webhook worker inside every server process: starts sending the deliveries that are due (the
 * webhooks' follower of the outbox, fanout.ts, makes them). Passes never overlap within a process,
 * sends run beside them; across processes the claims in the database keep every delivery to one
 * handler.
 */
export function startWebhookWorker(db: Db, options: DeliveryOptions & { pollMs: number }): () => Promise<void> {
  // Endpoints with a send under way in this process: the next passes leave them alone.
  const busy = new Set<string>();
  const sends = new Set<Promise<number>>();
  const pass = async () => {
    try {
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
    await stop();
    await Promise.allSettled([...sends]);
  };
}
