import type { Updateable } from "kysely";
import type { Database } from "../db/schema.js";
import { isoAt, nowMs } from "../lib/clock.js";
import { UNLEASED } from "./lease.js";
import type { Queue } from "./queue.js";

// How one try of a retried row ends, as the columns to write: it worked, it waits for its retry,
// or it is dead (a dead letter: the queue's dead state, with the reason in the queue's reason
// column). Each lets go of the lease and counts the try; a feature adds its own columns beside
// (a timestamp, what the next attempt column holds once it is over).

/** The queues whose rows are tried again on failure. */
export type RetriedTable = "integration_deliveries" | "notification_mails" | "member_mails" | "webhook_deliveries";

type Set<T extends RetriedTable> = Updateable<Database[T]>;

/** A try that worked: the row in `state`, no reason kept. */
export function succeeded<T extends RetriedTable>(queue: Queue<T>, state: Database[T]["state"], attempts: number): Set<T> {
  return { state, attempts: attempts + 1, [queue.dead.reason]: null, ...UNLEASED } as unknown as Set<T>;
}

/** A try that failed and is tried again in `waitMs` (retryDelay), with why it failed. */
export function retryLater<T extends RetriedTable>(queue: Queue<T>, attempts: number, reason: string, waitMs: number): Set<T> {
  return { state: "pending", attempts: attempts + 1, next_attempt_at: isoAt(nowMs() + waitMs), [queue.dead.reason]: reason, ...UNLEASED } as unknown as Set<T>;
}

/** A row that failed for good: its dead letter, with why. */
export function deadLetter<T extends RetriedTable>(queue: Queue<T>, attempts: number, reason: string): Set<T> {
  return { state: queue.dead.state, attempts: attempts + 1, [queue.dead.reason]: reason, ...UNLEASED } as unknown as Set<T>;
}
