import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import type { ExpressionBuilder } from "kysely";
import type { Db } from "../../platform/db/database.js";
import type { Database } from "../../platform/db/schema.js";
import type { DeliveryOptions, Due } from "./attempts.js";

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
export async function leaseRun(db: Db, run: Due[], until: number): Promise<boolean> {
  const now = nowIso();
  const first = run[0]!;
  const lease = isoAt(until);
  const ids = run.map((d) => d.id);
  const taken = await db
    .updateTable("webhook_deliveries")
    .set({ locked_until: lease })
    .where("id", "in", ids)
    .where("state", "=", "pending")
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .where((eb) => endpointAsRead(eb, first))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === run.length) return true;
  await releaseLease(db, ids, until);
  return false;
}

/**
 * Moves the lease of what is left of a run to `until`, while the endpoint is still as the run read
 * it; false when it was disabled, moved or rotated meanwhile (the lane then lets the run go).
 */
export async function renewLease(db: Db, rest: Due[], from: number, until: number): Promise<boolean> {
  const first = rest[0]!;
  const renewed = await db
    .updateTable("webhook_deliveries")
    .set({ locked_until: isoAt(until) })
    .where(
      "id",
      "in",
      rest.map((d) => d.id),
    )
    .where("locked_until", "=", isoAt(from))
    .where((eb) => endpointAsRead(eb, first))
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === rest.length;
}

/** Lets go of the deliveries of a run this lane leased at `lease` and did not send. */
export async function releaseLease(db: Db, ids: string[], lease: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("webhook_deliveries").set({ locked_until: null }).where("id", "in", ids).where("locked_until", "=", isoAt(lease)).execute();
}
