import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { type DatabaseConnection, Kysely, PostgresAdapter, PostgresDialect } from "kysely";
import type pg from "pg";
import { loadWhenNeeded } from "../lib/load-when-needed.js";
import type { Database } from "./schema.js";
import { type Checkpoints, startCheckpoints } from "./checkpointer.js";
import { commitStampsOf, registerCommitStamps } from "./commit-stamps.js";
import { lockWaitingSqlite } from "./lock-waiting.js";
import type { DatabaseTimings } from "../metrics/database.js";
import { TimedConnection, wrappingConnections } from "./wrapping-driver.js";
import { enablePlannerStability } from "./planner-stability.js";
import { TracedConnection } from "../traces/statements.js";
import type { Tracing } from "../traces/start.js";
import { cachingDatabase } from "./statement-cache.js";

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

/** Which database a connection speaks to, for code handed a connection without the services. */
// biome-ignore lint/suspicious/noExplicitAny: any database's connection will do
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

export interface OpenedDatabase {
  db: Db;
  dialect: Dialect;
  /** What to print in logs: the URL without any password. */
  description: string;
}

const postgresDriver = loadWhenNeeded<typeof pg>("pg", (driver) => {
  // PostgreSQL returns bigint (count(*), sums) as strings; every count Heed keeps fits a JS number.
  driver.types.setTypeParser(driver.types.builtins.INT8, (v) => Number.parseInt(v, 10));
  driver.types.setTypeParser(driver.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
});

export interface OpenOptions {
  /** PostgreSQL schema to use (tests give every suite its own). */
  schema?: string;
  poolSize?: number;
  /** SQLite: which thread copies the WAL into the database file (checkpointer.ts); unset, SQLite's default. */
  checkpoints?: Checkpoints;
  /** With metrics on: where the connection's statements and waits are timed (platform/metrics/database.ts). */
  timings?: DatabaseTimings | undefined;
  /** With traces on: each statement a request runs is a span of it (platform/traces/statements.ts). */
  tracing?: Tracing | undefined;
}

/**
 * How Heed's PostgreSQL sessions plan: `random_page_cost` 1.1, PostgreSQL's advice for storage where
 * a random read costs about what a sequential one does (SSDs, or a working set in memory, as
 * Heed's is). With the default 4, search scanned every post's tsvector (40 ms on 100k posts)
 * rather than read its GIN index (15 ms). Anything the URL's `options` set comes after, so an
 * operator's own value wins; the connection string's options are moved into `options` because pg
 * lets them replace, not join, the ones given beside it.
 */
const PLANNER_SETTINGS = "-c random_page_cost=1.1";

function sessionSettings(url: string, schema: string | undefined): { connectionString: string; options: string } {
  const parsed = new URL(url);
  const given = parsed.searchParams.get("options");
  parsed.searchParams.delete("options");
  const options = [PLANNER_SETTINGS, given, schema ? `-c search_path=${schema}` : null].filter(Boolean).join(" ");
  return { connectionString: parsed.toString(), options };
}

export function isPostgresUrl(url: string): boolean {
  return url.startsWith("postgres://") || url.startsWith("postgresql://");
}

/** The absolute path of a `sqlite:` URL's file; `:memory:` for `sqlite::memory:`, undefined for any other URL. */
export function sqliteFileOf(url: string): string | undefined {
  if (!url.startsWith("sqlite:")) return undefined;
  const path = url.slice("sqlite:".length);
  return path === ":memory:" ? path : resolve(path);
}

/** `connection`, its statements traced when `tracing` is on. */
function traced(connection: DatabaseConnection, tracing: Tracing | undefined, system: "sqlite" | "postgresql"): DatabaseConnection {
  return tracing ? new TracedConnection(connection, tracing, system) : connection;
}

/** `sqlite:./data/heed.db`, `sqlite:/abs/path.db`, `sqlite::memory:` or `postgres://…`. */
export function openDatabase(url: string, options: OpenOptions = {}): OpenedDatabase {
  if (isPostgresUrl(url)) {
    const pool = new (postgresDriver().Pool)({ ...sessionSettings(url, options.schema), max: options.poolSize ?? 10 });
    const safe = new URL(url);
    safe.password = "";
    const { timings, tracing } = options;
    const timed = (connection: DatabaseConnection) => (timings ? new TimedConnection(connection, timings) : connection);
    const dialect =
      timings || tracing
        ? wrappingConnections(new PostgresDialect({ pool }), (connection) => traced(timed(connection), tracing, "postgresql"), timings)
        : new PostgresDialect({ pool });
    return { db: new Kysely<Database>({ dialect }), dialect: "postgres", description: safe.toString() };
  }
  const file = sqliteFileOf(url);
  if (file !== undefined) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    // While the connection opens, its pragmas wait in SQLite for another process's write lock.
    sqlite.pragma("busy_timeout = 5000");
    // WAL lets readers run beside the writer; NORMAL sync is durable across process crashes.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    // Deleted content is overwritten with zeros, so an erased person's data does not stay in freed
    // pages of the file (truncate-wal.ts does the same for the log).
    sqlite.pragma("secure_delete = ON");
    // Each statement planned once, not again for every new value bound to it (planner-stability.ts).
    enablePlannerStability(sqlite);
    // 16 MiB of page cache (default 2 MiB): index inserts in random key order stop thrashing. 64 MiB
    // seeded 1M votes no faster, and its pages stayed resident (RSS +55 MiB after the bench's writes).
    sqlite.pragma("cache_size = -16384");
    // SQLite's advice for long-lived connections: analyse what needs it when the connection opens.
    sqlite.pragma("optimize = 0x10002");
    // From here on a statement that finds the write lock taken is refused at once and tried again
    // on the event loop (lock-waiting.ts), rather than sleeping the whole process in SQLite.
    sqlite.pragma("busy_timeout = 0");
    const stopCheckpoints = options.checkpoints && file !== ":memory:" ? startCheckpoints(sqlite, file, options.checkpoints) : undefined;
    // A file's commits can be told from its wal-index header without a statement (commit-stamps.ts).
    const stamps = file === ":memory:" ? undefined : commitStampsOf(file);
    const beforeClose = () => {
      stopCheckpoints?.();
      stamps?.close();
    };
    const { tracing } = options;
    const dialect = lockWaitingSqlite({ database: cachingDatabase(sqlite, beforeClose) }, options.timings, (connection) =>
      traced(connection, tracing, "sqlite"),
    );
    const db = new Kysely<Database>({ dialect });
    if (stamps) registerCommitStamps(db, stamps);
    return { db, dialect: "sqlite", description: `sqlite:${file}` };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got '${url.split(":")[0]}:…')`);
}
