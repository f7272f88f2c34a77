import type { Database } from "../db/schema.js";

// What the queue knows of a table whose rows are jobs: which states wait for a runner, when a row
// falls due, and where a row whose work failed for good keeps why (its dead letter). Every job
// table has `id`, `state` and a lease column; the lease is this folder's alone (lease.ts).

/** The tables whose rows are claimed under a lease. */
export type QueueTable = "webhook_deliveries" | "integration_deliveries" | "notification_mails" | "member_mails" | "bulk_jobs" | "exports" | "imports";

export type StateOf<T extends QueueTable> = Database[T]["state"];

export interface Queue<T extends QueueTable = QueueTable> {
  /** The name logs and figures use. */
  name: string;
  table: T;
  /** The states in which a row waits for a runner or is being run. */
  waiting: readonly StateOf<T>[];
  /** When a waiting row falls due: its next attempt, or its creation (a job runs as soon as made). */
  dueAt: "next_attempt_at" | "created_at";
  /** A dead letter: the state of a row that failed for good, and the column that says why. */
  dead: { state: StateOf<T>; reason: "error" | "last_error" };
}

/** An outbound queue: a row waits `pending` for its next attempt; one that failed for good is `failed`, with why in `reason`. */
export function sendQueue<T extends "integration_deliveries" | "notification_mails" | "member_mails" | "webhook_deliveries">(
  name: string,
  table: T,
  reason: "error" | "last_error",
): Queue<T> {
  return { name, table, waiting: ["pending"] as StateOf<T>[], dueAt: "next_attempt_at", dead: { state: "failed" as StateOf<T>, reason } };
}

/** A queue of jobs: a row is due from its making while in one of `waiting`; one that failed is `failed`, with why in `error`. */
export function jobQueue<T extends "bulk_jobs" | "exports" | "imports">(name: string, table: T, waiting: readonly StateOf<T>[]): Queue<T> {
  return { name, table, waiting, dueAt: "created_at", dead: { state: "failed" as StateOf<T>, reason: "error" } };
}
