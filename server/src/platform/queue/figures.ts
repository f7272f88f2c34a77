import type { Db } from "../db/database.js";
import { nowIso, nowMs } from "../lib/clock.js";
import { anyDb } from "./lease.js";
import type { Queue } from "./queue.js";

// A queue's figures, for whatever reports on the server (the metrics a scrape reads, a status
// page): how many rows wait, how long the oldest due one has waited, how many are being run now
// (leased, in any process), and how many failed for good. A scrape asks every few seconds, so each
// figure reads only the rows it counts, through the table's index on its state, and at most
// FIGURES_BOUND of them: a job table keeps its done rows for days, and they are not read. Past the
// bound the oldest due row is the oldest of those read.

/** The most rows one figure reads: a count at this bound means at least that many. */
export const FIGURES_BOUND = 10_000;

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
  const any = anyDb(db);
  const waiting = any
    .selectFrom(queue.table as string)
    .select(["locked_until", `${queue.dueAt} as due_at`])
    .where("state", "in", queue.waiting)
    .limit(FIGURES_BOUND)
    .as("waiting");
  const dead = any
    .selectFrom(queue.table as string)
    .select("id")
    .where("state", "=", queue.dead.state)
    .limit(FIGURES_BOUND)
    .as("dead");
  const [live, failed] = await Promise.all([
    any
      .selectFrom(waiting)
      .select((eb) => [
        eb.fn.countAll().as("depth"),
        eb.fn.sum(eb.case().when("locked_until", ">=", now).then(1).else(0).end()).as("in_flight"),
        eb.fn.min(eb.case().when("due_at", "<=", now).then(eb.ref("due_at")).end()).as("oldest_due"),
      ])
      .executeTakeFirstOrThrow() as Promise<{ depth: unknown; in_flight: unknown; oldest_due: string | null }>,
    any
      .selectFrom(dead)
      .select((eb) => eb.fn.countAll().as("failures"))
      .executeTakeFirstOrThrow() as Promise<{ failures: unknown }>,
  ]);
  return {
    queue: queue.name,
    depth: Number(live.depth ?? 0),
    oldestDueMs: live.oldest_due ? Math.max(0, nowMs() - Date.parse(live.oldest_due)) : 0,
    inFlight: Number(live.in_flight ?? 0),
    failures: Number(failed.failures ?? 0),
  };
}
