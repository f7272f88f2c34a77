import { Migrator, PostgresAdapter, sql } from "kysely";
import type { Db } from "./database.js";
import { migrations } from "./migrations/index.js";

/**
 * On PostgreSQL the migration tables are pinned to the connection's current schema: Kysely looks
 * for them in every schema otherwise, so a second Heed (or test run) in another schema of the same
 * database would make it skip creating its own and then fail to find them.
 */
async function migrator(db: Db): Promise<Migrator> {
  let schema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
  }
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: "heed_migrations",
    migrationLockTableName: "heed_migrations_lock",
    migrationTableSchema: schema,
  });
}

/**
 * Kysely finds its migration tables by reading the tables of every schema it may use, asking
 * PostgreSQL's has_schema_privilege() of each schema and pg_get_serial_sequence() of each table,
 * both by name. A schema dropped while that query runs (another Heed's, or another test file's: the
 * suite runs files side by side) makes PostgreSQL refuse the whole query: 3F000, "schema … does not
 * exist", or 42P01, "relation ….heed_migrations does not exist" when the name lookup runs after the
 * drop but the query's snapshot still listed the table. Reading again is then right: the schema is
 * gone from the next snapshot. A table dropped between the snapshot and a lookup by its number
 * gives XX000, "cache lookup failed for relation …", for the same reason, and one whose columns go
 * between the lookup of the table and of its column gives 42703, "column … of relation … does not
 * exist" (CI saw it once, for a table no migration of ours alters). Our own schema missing, or a
 * column a migration truly lacks, fails after the last of six tries (in a transaction: nothing half
 * applied is left to retry over).
 */
const DROPPED_MEANWHILE = new Set(["3F000", "42P01", "42703"]);

function droppedMeanwhile(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return DROPPED_MEANWHILE.has(String(code)) || (code === "XX000" && String(message).startsWith("cache lookup failed"));
}

export async function despiteSchemasDroppedMeanwhile<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 6 || !droppedMeanwhile(error)) throw error;
      // 10, 20, 40, 80, 160 ms: past a burst of drops (a test run's files ending together).
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** (attempt - 1)));
    }
  }
}

/** Applies every pending migration; safe to run from several processes at once (Kysely locks). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { results } = await despiteSchemasDroppedMeanwhile(async () => {
    const outcome = await (await migrator(db)).migrateToLatest();
    if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    return outcome;
  });
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** True when the database has every migration this code knows (readiness). */
export async function isMigrated(db: Db): Promise<boolean> {
  const all = await despiteSchemasDroppedMeanwhile(async () => (await migrator(db)).getMigrations());
  return all.every((m) => m.executedAt !== undefined);
}
