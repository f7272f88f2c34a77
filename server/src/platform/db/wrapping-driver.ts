import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from "kysely";
import type { DatabaseTimings } from "../metrics/database.js";

// A Kysely driver handing out its connections wrapped (lock-waiting.ts: SQLite's wait for the write
// lock; timed statements on PostgreSQL), each connection wrapped once. Transactions and savepoints
// run their statements through the wrapper too; only the release goes to the driver's own
// connection, which it recognises by identity (pg's pool releases through a private method).

export class WrappingDriver implements Driver {
  private readonly outer = new WeakMap<DatabaseConnection, DatabaseConnection>();
  private readonly inner_ = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly wrap: (connection: DatabaseConnection) => DatabaseConnection,
    /** Where the wait for a connection is timed: the pool's on PostgreSQL, the one connection's turn on SQLite. */
    private readonly timings?: DatabaseTimings,
  ) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const started = this.timings ? performance.now() : 0;
    const connection = await this.inner.acquireConnection();
    this.timings?.connectionWait.observe((performance.now() - started) / 1000);
    let wrapped = this.outer.get(connection);
    if (!wrapped) {
      wrapped = this.wrap(connection);
      this.outer.set(connection, wrapped);
      this.inner_.set(wrapped, connection);
    }
    return wrapped;
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
    return this.inner.releaseConnection(this.inner_.get(connection) ?? connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** A connection whose statements are timed as they settle (PostgreSQL's run on the server, so the time is the round trip). */
export class TimedConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly timings: DatabaseTimings,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const started = performance.now();
    return this.inner.executeQuery<R>(query).then((result) => {
      this.timings.statement.observe((performance.now() - started) / 1000);
      return result;
    });
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** `dialect`, handing out its driver's connections wrapped by `wrap` (and their waits timed, with `timings`). */
export function wrappingConnections<D extends Dialect>(dialect: D, wrap: (connection: DatabaseConnection) => DatabaseConnection, timings?: DatabaseTimings): D {
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => new WrappingDriver(createDriver(), wrap, timings);
  return dialect;
}
