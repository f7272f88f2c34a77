import { type CompiledQuery, type DatabaseConnection, type QueryResult, SqliteDialect, type SqliteDialectConfig } from "kysely";
import type { DatabaseTimings } from "../metrics/database.js";
import { wrappingConnections } from "./wrapping-driver.js";

// SQLite lets one connection write at a time. With several processes on one file (WORKERS=n), a
// connection that finds the write lock taken would wait in SQLite's busy handler, which sleeps the
// thread: the whole process would stop for as long as another one writes, answering no HTTP, and
// the first process would stop answering its workers' rate-limit counts and handing them new
// connections. So SQLite does not wait here (busy_timeout 0): a statement refused with
// SQLITE_BUSY is tried again after a pause on the event loop, for up to 5 s, and the process goes
// on with whatever does not need the database meanwhile. A refused statement had no
// effect, so trying it again is safe; inside a transaction none is refused, since every Heed
// transaction takes the write lock when it begins (statement-cache.ts).

/** The longest a statement waits for the write lock. */
const LOCK_WAIT_MS = 5_000;
/**
 * The longest pause between two tries: longer pauses delay webhooks behind the writes, shorter
 * ones cost writes in tries. Of 4, 10 and 25 ms, 10 balanced the two best at WORKERS=2 with 500
 * writes a second (docs/PERFORMANCE.md, "Writes").
 */
const MAX_PAUSE_MS = 10;

function isBusy(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "SQLITE_BUSY";
}

class LockWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly timings: DatabaseTimings | undefined,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Kysely's SQLite connection runs the statement at once and throws at once: the common path
    // goes straight through, with no await added to every query, and is timed as it runs.
    try {
      return this.run<R>(query);
    } catch (error) {
      if (!isBusy(error)) throw error;
      return this.tryAgain<R>(query, Date.now() + LOCK_WAIT_MS);
    }
  }

  private run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.timings) return this.inner.executeQuery<R>(query);
    const started = performance.now();
    const result = this.inner.executeQuery<R>(query);
    this.timings.statement.observe((performance.now() - started) / 1000);
    return result;
  }

  /** After a refusal: tries again after each pause until the deadline, then throws the last refusal. */
  private async tryAgain<R>(query: CompiledQuery, deadline: number): Promise<QueryResult<R>> {
    const refused = performance.now();
    const waited = () => this.timings?.lockWait.observe((performance.now() - refused) / 1000);
    for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        const result = await this.run<R>(query);
        waited();
        return result;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() + pause > deadline) {
          waited();
          this.timings?.lockTimeouts.inc();
          throw error;
        }
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * SQLiteDialect whose connection waits for the write lock on the event loop, not in SQLite; with
 * `timings`, its statements and waits are timed; `outer` wraps it once more (a statement's span
 * then covers its waits too).
 */
export function lockWaitingSqlite(
  config: SqliteDialectConfig,
  timings?: DatabaseTimings,
  outer: (connection: DatabaseConnection) => DatabaseConnection = (connection) => connection,
): SqliteDialect {
  return wrappingConnections(new SqliteDialect(config), (connection) => outer(new LockWaitingConnection(connection, timings)), timings);
}
