import { sql } from "kysely";
import { log } from "../lib/log.js";
import type { Db, Dialect } from "./database.js";

// Erased personal data must leave the files, not only the rows. SQLite runs with secure_delete
// (database.ts), so what a write deletes is overwritten with zeros in the page it writes; but the
// write-ahead log still holds every page as it was before, until those frames are overwritten,
// checkpoint or not. A truncating checkpoint copies the log into the database and cuts the log to
// nothing. It can finish only once no reader (another thread's or process's connection) still uses
// the log's frames, so it is tried again until it does. PostgreSQL's own copies (dead tuples until
// VACUUM, its WAL, backups) are docs/SECURITY.md's.

const TRIES = 600;
const PAUSE_MS = 100;

/**
 * Cuts SQLite's write-ahead log once the transaction that erased something has committed: not
 * awaited by the verb, since it waits for the connection its own transaction holds.
 */
export function truncateWalSoon(db: Db, dialect: Dialect): void {
  if (dialect !== "sqlite") return;
  void (async () => {
    for (let i = 0; i < TRIES; i++) {
      try {
        const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
        if (rows[0]?.busy === 0) return;
      } catch (error) {
        // The database closed (a stopping server): the next start's checkpoint copies the log.
        if (String(error).includes("not open")) return;
        log.warn("truncating the write-ahead log after an erasure failed", { error });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    log.warn("the write-ahead log could not be truncated after an erasure: a reader held it for a minute");
  })();
}
