import type { Database as SQLiteDatabase, Statement } from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

// The better-sqlite3 database Kysely talks to. Kysely's SQLite driver prepares every statement anew; parsing and planning the same SQL on every
// request cost several percent of a list request. Heed's queries come from a small set of shapes,
// so prepared statements are kept, least recently used dropped first. Safe because the driver runs
// one statement at a time on the single connection.
const MAX_STATEMENTS = 500;

/** `beforeClose`: what else stops with the connection (the background checkpointer, the commit stamps). */
export function cachingDatabase(sqlite: SQLiteDatabase, beforeClose?: () => void): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      beforeClose?.();
      sqlite.close();
    },
    prepare(sql: string) {
      // Kysely opens transactions with a plain (deferred) `begin`. A deferred transaction that
      // reads, then writes, cannot wait for the lock when another process wrote in between:
      // SQLite refuses it at once (SQLITE_BUSY), busy_timeout or not. Every Heed transaction writes,
      // so each takes the write lock up front and waits its turn instead.
      if (sql === "begin") sql = "begin immediate";
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // re-insert: Map order is recency
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
