import type { Db } from "../db/database.js";
import { nowIso, nowMs } from "../lib/clock.js";
import { anyDb } from "./lease.js";
import type { Queue } from "./queue.js";

// A queue's figures, for whatever reports on the server (a metrics endpoint, a status page): how
// many rows wait, how long the oldest due one has waited, how many are being run now (leased, in
// any process), and how many failed for good.

export interface QueueFigures {
  queue: string;
  /** Rows waiting or being run. */
  depth: number;
  /** How long the oldest due row has been due; 0 when none is. */
  oldestDueMs: number;
  /** Rows under a lease that still holds. */
  inFlight: number;
  /** Dead letters: rows that failed for good. */
  failures: number;
}

export async function queueFigures(db: Db, queue: Queue): Promise<QueueFigures> {
  const now = nowIso();
  const row = (await anyDb(db)
    .selectFrom(queue.table as string)
    .select((eb) => [
      eb.fn.sum(eb.case().when("state", "in", queue.waiting).then(1).else(0).end()).as("depth"),
      eb.fn
        .sum(
          eb
            .case()
            .when(eb.and([eb("state", "in", queue.waiting), eb("locked_until", ">=", now)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("in_flight"),
      eb.fn.sum(eb.case().when("state", "=", queue.dead.state).then(1).else(0).end()).as("failures"),
      eb.fn
        .min(
          eb
            .case()
            .when(eb.and([eb("state", "in", queue.waiting), eb(queue.dueAt, "<=", now)]))
            .then(eb.ref(queue.dueAt))
            .end(),
        )
        .as("oldest_due"),
    ])
    .executeTakeFirstOrThrow()) as { depth: unknown; in_flight: unknown; failures: unknown; oldest_due: string | null };
  return {
    queue: queue.name,
    depth: Number(row.depth ?? 0),
    oldestDueMs: row.oldest_due ? Math.max(0, nowMs() - Date.parse(row.oldest_due)) : 0,
    inFlight: Number(row.in_flight ?? 0),
    failures: Number(row.failures ?? 0),
  };
}
