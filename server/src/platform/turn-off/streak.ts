import type { Tx } from "../context.js";
import { nowIso, nowMs } from "../lib/clock.js";
import { holdDeliveries } from "./hold.js";
import { tellTurnedOff } from "./notice.js";
import { either, RECEIVERS, type Receiver } from "./receivers.js";
import { DEFAULT_TURN_OFF, type TurnedOffReason, type TurnOff, type TurnOffRule } from "./rule.js";

// A receiver's run of failed attempts, counted in the transaction that writes the attempts: every
// failed attempt adds one, a success starts again from none. When the run reaches the rule's count
// and its first failure is the rule's period old, or a webhook receiver answers 410, Heed turns the
// receiver off, holds what waits for it, audits the change and mails the workspace's owners and
// admins (notice.ts), all in that same transaction.

/** One attempt as the rule sees it. */
export interface Outcome {
  ok: boolean;
  /** When it was made. */
  at: string;
  error: string | null;
  /** The receiver said it is gone for good (a webhook's 410). */
  gone?: boolean;
}

/** Counts the receiver's attempts, oldest first; why it was turned off now, or null when it was not. */
export async function countAttempts(tx: Tx, receiver: Receiver, outcomes: Outcome[], rule: TurnOffRule = DEFAULT_TURN_OFF): Promise<TurnedOffReason | null> {
  if (outcomes.length === 0) return null;
  const { table } = RECEIVERS[receiver.kind];
  let lastOk = -1;
  outcomes.forEach((o, i) => {
    if (o.ok) lastOk = i;
  });
  const failures = outcomes.slice(lastOk + 1);
  const db = either(tx);
  if (failures.length === 0) {
    await db.updateTable(table).set({ failure_count: 0, failing_since: null }).where("id", "=", receiver.id).where("failure_count", ">", 0).execute();
    return null;
  }
  const first = failures[0]!.at;
  const row = (await db
    .updateTable(table)
    .set((eb) =>
      lastOk >= 0
        ? { failure_count: failures.length, failing_since: first }
        : { failure_count: eb("failure_count", "+", failures.length), failing_since: eb.fn.coalesce("failing_since", eb.val(first)) },
    )
    .where("id", "=", receiver.id)
    .returning(["enabled", "failure_count", "failing_since"])
    .executeTakeFirst()) as { enabled: number; failure_count: number | string; failing_since: string } | undefined;
  if (!row || Number(row.enabled) !== 1) return null;
  const last = failures.at(-1)!;
  const due = Number(row.failure_count) >= rule.afterFailures && Date.parse(row.failing_since) <= nowMs() - rule.afterMs;
  const reason: TurnedOffReason | null = last.gone ? "gone" : due ? "failing" : null;
  if (!reason) return null;
  return (await turnOff(tx, receiver, { reason, error: last.error, failures: Number(row.failure_count), since: row.failing_since })) ? reason : null;
}

/** Turns the receiver off for `why`, if it is still on: holds, audits and mails; false when it was off already. */
async function turnOff(tx: Tx, receiver: Receiver, why: TurnOff): Promise<boolean> {
  const at = nowIso();
  const turned = await either(tx)
    .updateTable(RECEIVERS[receiver.kind].table)
    .set({ enabled: 0, disabled_reason: why.reason, disabled_at: at, disabled_error: why.error, updated_at: at })
    .where("id", "=", receiver.id)
    .where("enabled", "=", 1)
    .executeTakeFirst();
  if (Number(turned.numUpdatedRows) === 0) return false;
  await holdDeliveries(tx, receiver, why.since);
  await tellTurnedOff(tx, receiver, why);
  return true;
}
