import type { Db } from "../../platform/db/database.js";
import type { Pass } from "../../platform/queue/index.js";
import { type DeliveryOptions, startDueDeliveries } from "./deliver.js";

/**
 * The webhook worker's pass, inside every server process: start sending the deliveries that are
 * due (the webhooks' follower of the outbox, fanout.ts, makes them). Passes never overlap within a
 * process, sends run beside them (the runner waits for them on stop); across processes the claims
 * in the database keep every delivery to one handler.
 */
export function webhookPass(db: Db, options: DeliveryOptions): (run: Pass) => Promise<void> {
  // Endpoints with a send under way in this process: the next passes leave them alone.
  const busy = new Set<string>();
  return async (run) => {
    if (run.stopping()) return;
    for (const send of await startDueDeliveries(db, options, busy)) run.awaitOnStop(send);
  };
}
