import { nowMs } from "../../platform/lib/clock.js";
import type { ExpressionBuilder } from "kysely";
import type { Db } from "../../platform/db/database.js";
import type { Database } from "../../platform/db/schema.js";
import { leaseAll, releaseAll, renewAll } from "../../platform/queue/index.js";
import type { DeliveryOptions, Due } from "./attempts.js";
import { webhookQueue } from "./queue.js";

// A lane leases a run of deliveries for as long as one send may take, and renews the lease of what
// is left before it could run out, so a killed process frees its deliveries soon and a slow
// receiver (up to the 15 s timeout per send) never loses them to another process mid-run.

/** The endpoint is still as the run read it: enabled, with the same URL and secret. */
function endpointAsRead(eb: ExpressionBuilder<Database, "webhook_deliveries">, delivery: Due) {
  return eb.exists(
    eb
      .selectFrom("webhook_endpoints")
      .select("id")
      .where("id", "=", delivery.endpoint_id)
      .where("enabled", "=", 1)
      .where("url", "=", delivery.url)
      .where("secret", "=", delivery.secret),
  );
}

/** How long a lease lasts from now: one send's timeout and some slack. */
export function leaseEnd(options: DeliveryOptions): number {
  return nowMs() + options.timeoutMs + 5_000;
}

/**
 * Leases the whole run in one statement, only while each delivery is still pending and unleased and
 * the endpoint is as the run read it (enabled, same URL and secret). All or nothing: a run partly
 * taken by another process is let go, and the lane ends.
 */
export function leaseRun(db: Db, run: Due[], until: number): Promise<boolean> {
  const first = run[0]!;
  return leaseAll(
    db,
    webhookQueue,
    run.map((d) => d.id),
    until,
    (eb) => eb.and([eb("state", "=", "pending"), endpointAsRead(eb, first)]),
  );
}

/**
 * Moves the lease of what is left of a run to `until`, while the endpoint is still as the run read
 * it; false when it was disabled, moved or rotated meanwhile (the lane then lets the run go).
 */
export function renewLease(db: Db, rest: Due[], from: number, until: number): Promise<boolean> {
  const first = rest[0]!;
  return renewAll(
    db,
    webhookQueue,
    rest.map((d) => d.id),
    from,
    until,
    (eb) => endpointAsRead(eb, first),
  );
}

/** Lets go of the deliveries of a run this lane leased at `lease` and did not send. */
export function releaseLease(db: Db, ids: string[], lease: number): Promise<void> {
  return releaseAll(db, webhookQueue, ids, lease);
}
