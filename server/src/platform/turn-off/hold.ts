import type { ExpressionBuilder } from "kysely";
import type { Db } from "../db/database.js";
import type { Tx } from "../context.js";
import { DAY_MS, isoAt, nowIso, nowMs } from "../lib/clock.js";
import { UNLEASED } from "../queue/index.js";
import { either, RECEIVERS, type Receiver, type ReceiverKind } from "./receivers.js";
import { HOLD_DAYS } from "./rule.js";

// While Heed has turned a receiver off, its deliveries wait `held`: the sender passes them by, and
// turning the receiver on again makes them pending, due at once, in the order they were made. A
// receiver turned off by hand holds nothing: what happens meanwhile is not kept for it.

/**
 * At the turn-off: what waits for the receiver is held, and so is what failed for good during its
 * run of failures (`since`, the first of them), so that turning it on again sends those too.
 */
export async function holdDeliveries(tx: Tx, receiver: Receiver, since: string | null): Promise<void> {
  const { deliveries, key } = RECEIVERS[receiver.kind];
  await either(tx)
    .updateTable(deliveries)
    .set({ state: "held", next_attempt_at: null, ...UNLEASED })
    .where(key, "=", receiver.id)
    .where((eb) => eb.or([eb("state", "=", "pending"), ...(since ? [eb.and([eb("state", "=", "failed"), eb("updated_at", ">=", since)])] : [])]))
    .execute();
}

/**
 * Turning the receiver on again: what it holds is pending, each due at its making, so that a sender
 * taking the oldest first sends them in order; how many.
 */
export async function releaseHeld(tx: Tx, receiver: Receiver): Promise<number> {
  const { deliveries, key } = RECEIVERS[receiver.kind];
  const released = await either(tx)
    .updateTable(deliveries)
    .set((eb) => ({ state: "pending", next_attempt_at: eb.ref("created_at"), updated_at: nowIso() }))
    .where(key, "=", receiver.id)
    .where("state", "=", "held")
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}

/**
 * How many deliveries the receiver holds, as a column `held_deliveries` of a query over its table
 * (`alias` names that table): counted through the deliveries' index on their state and receiver.
 */
export function selectHeld(kind: ReceiverKind, alias: string) {
  const { deliveries, key } = RECEIVERS[kind];
  // biome-ignore lint/suspicious/noExplicitAny: a column added to either receiver's query
  return (eb: ExpressionBuilder<any, any>) =>
    eb
      .selectFrom(`${deliveries} as held`)
      .select((inner) => inner.fn.countAll<number | string>().as("count"))
      .where("held.state", "=", "held")
      .whereRef(`held.${key}`, "=", `${alias}.id`)
      .as("held_deliveries");
}

/** Held deliveries made more than HOLD_DAYS ago fail, saying so: turning the receiver on no longer sends them. How many. */
export async function expireHeld(db: Db): Promise<number> {
  const before = isoAt(nowMs() - HOLD_DAYS * DAY_MS);
  let expired = 0;
  for (const { deliveries } of Object.values(RECEIVERS)) {
    const done = await either(db)
      .updateTable(deliveries)
      .set({ state: "failed", last_error: `Held more than ${HOLD_DAYS} days while turned off`, updated_at: nowIso() })
      .where("state", "=", "held")
      .where("created_at", "<", before)
      .executeTakeFirst();
    expired += Number(done.numUpdatedRows);
  }
  return expired;
}
