import { Counter, type CounterSeries, Histogram, type HistogramSeries, register } from "./instruments.js";
import { metricsRegistry } from "./registry.js";

// How long the database takes, per thread of a process: each statement, the wait for a connection
// (PostgreSQL's pool; on SQLite, the one connection's turn, which a transaction holds), and on
// SQLite the wait for another writer's lock (platform/db/lock-waiting.ts) and the statements that
// gave up on it. A thread's figures live in one SharedArrayBuffer: the background thread writes
// its own, and the thread that answers /metrics reads them there, with no message between the two.

export type DatabaseThread = "main" | "background";

const STATEMENT_BOUNDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const WAIT_BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const statements = new Histogram(
  "heed_db_statement_duration_seconds",
  "Time each database statement took, by the thread that ran it (main: the process's serving thread; background: the jobs' thread).",
  ["thread"],
  STATEMENT_BOUNDS,
);
const connectionWaits = new Histogram(
  "heed_db_connection_wait_seconds",
  "Time a query or transaction waited for a database connection: PostgreSQL's pool, or on SQLite its process's one connection, held by a transaction.",
  ["thread"],
  WAIT_BOUNDS,
);
const lockWaits = new Histogram(
  "heed_db_lock_wait_seconds",
  "SQLite: time a statement waited for another connection's write lock (only statements that found it taken).",
  ["thread"],
  WAIT_BOUNDS,
);
const lockTimeouts = new Counter("heed_db_lock_wait_timeouts_total", "SQLite: statements that gave up waiting for the write lock (5 s), each an error.", [
  "thread",
]);
for (const instrument of [statements, connectionWaits, lockWaits, lockTimeouts]) register(metricsRegistry, instrument);

export interface DatabaseTimings {
  statement: HistogramSeries;
  connectionWait: HistogramSeries;
  lockWait: HistogramSeries;
  lockTimeouts: CounterSeries;
}

/** The buffer one thread's timings take. */
const SLOTS = statements.size + connectionWaits.size + lockWaits.size + 1;

/** A buffer for a thread's timings, to hand to it (workerData) and to read here. */
export function timingsBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(SLOTS * Float64Array.BYTES_PER_ELEMENT);
}

/**
 * The timings of `thread`'s connections, in `buffer`: the thread that runs the statements and the
 * one that serves /metrics each call this over the same buffer.
 */
export function databaseTimings(thread: DatabaseThread, buffer: SharedArrayBuffer = timingsBuffer()): DatabaseTimings {
  const slots = new Float64Array(buffer);
  let at = 0;
  const take = (size: number) => {
    at += size;
    return slots.subarray(at - size, at);
  };
  return {
    statement: statements.series([thread], take(statements.size)),
    connectionWait: connectionWaits.series([thread], take(connectionWaits.size)),
    lockWait: lockWaits.series([thread], take(lockWaits.size)),
    lockTimeouts: lockTimeouts.series([thread], take(1)),
  };
}
