import { sql } from "kysely";
import type { Db, Dialect } from "./database.js";

// The query planner's statistics. Without them SQLite guesses that `workspace_id = ?` matches ~10
// rows and may scan a whole workspace through that index instead of looking rows up by id.

/** After a bulk load: both databases accept ANALYZE. */
export async function analyze(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
}

/**
 * Periodically, as SQLite advises for long-lived connections. PostgreSQL's autovacuum analyses on
 * its own, so there is nothing to do there.
 */
export async function optimizeStatistics(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === "sqlite") await sql`pragma optimize`.execute(db);
}
