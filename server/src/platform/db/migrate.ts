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

/** Applies every pending migration; safe to run from several processes at once (Kysely locks). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await (await migrator(db)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** True when the database has every migration this code knows (readiness). */
export async function isMigrated(db: Db): Promise<boolean> {
  const all = await (await migrator(db)).getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
