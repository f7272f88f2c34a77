import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SqliteDialect,
  type TransactionSettings,
} from "kysely";

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
  constructor(private readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Kysely's SQLite connection runs the statement at once and throws at once: the common path
    // goes straight through, with no await added to every query.
    try {
      return this.inner.executeQuery<R>(query);
    } catch (error) {
      if (!isBusy(error)) throw error;
      return this.tryAgain<R>(query, Date.now() + LOCK_WAIT_MS);
    }
  }

  /** After a refusal: tries again after each pause until the deadline, then throws the last refusal. */
  private async tryAgain<R>(query: CompiledQuery, deadline: number): Promise<QueryResult<R>> {
    for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (error) {
        if (!isBusy(error) || Date.now() + pause > deadline) throw error;
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Kysely's SQLite driver, handing out its one connection wrapped so that it waits as above. */
class LockWaitingDriver implements Driver {
  private connection?: LockWaitingConnection;

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const connection = await this.inner.acquireConnection();
    this.connection ??= new LockWaitingConnection(connection);
    return this.connection;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** SQLiteDialect whose connection waits for the write lock on the event loop, not in SQLite. */
export class LockWaitingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new LockWaitingDriver(super.createDriver());
  }
}
