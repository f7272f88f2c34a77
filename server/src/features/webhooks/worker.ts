import type { Db } from "../../platform/db/database.js";
import type { Pass } from "../../platform/queue/index.js";
import { type DeliveryOptions, startDueDeliveries } from "./deliver.js";
import { fanOutEvents } from "./fanout.js";

/**
 * The webhook worker's pass, inside every server process: fan committed events out into
 * deliveries, then start sending what is due. Passes never overlap within a process, sends run
 * beside them (the runner waits for them on stop); across processes the claims in the database
 * keep every event and delivery to one handler.
 */
export function webhookPass(db: Db, options: DeliveryOptions): (run: Pass) => Promise<void> {
  // Endpoints with a send under way in this process: the next passes leave them alone.
  const busy = new Set<string>();
  return async (run) => {
    while ((await fanOutEvents(db)) > 0 && !run.stopping()) {
      // drain a burst of events before sending
    }
    if (run.stopping()) return;
    for (const send of await startDueDeliveries(db, options, busy)) run.track(send);
  };
}
