import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type OpenedDatabase } from "../../src/platform/db/database.js";
import { migrateToLatest } from "../../src/platform/db/migrate.js";

// A fresh, migrated database for one test file: a temporary SQLite file, or a PostgreSQL schema of
// its own in the `test` database. Both are real servers; nothing is mocked.

export const TEST_DB = (process.env.HEED_TEST_DB ?? "sqlite") as "sqlite" | "postgres";
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase extends OpenedDatabase {
  /** A DATABASE_URL that reaches this same database, for child processes (CLI, server). */
  url: string;
  drop(): Promise<void>;
}

/**
 * pg_trgm, installed once for the whole test database in `public`: left to the migration, it would
 * land in the first test file's schema and go when that schema is dropped. Files start side by
 * side, so a concurrent install is expected and the loser's error ignored.
 */
async function installTrigramExtension(admin: pg.Client): Promise<void> {
  try {
    await admin.query("create extension if not exists pg_trgm with schema public");
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "23505" && code !== "42710") throw error;
  }
}

export async function freshDatabase(): Promise<TestDatabase> {
  if (TEST_DB === "postgres") {
    const schema = `heed_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect(); // fails the suite when PostgreSQL is down: no silent skip
    await admin.query(`create schema ${schema}`);
    await installTrigramExtension(admin);
    await admin.end();
    const opened = openDatabase(POSTGRES_URL, { schema });
    await migrateToLatest(opened.db);
    const url = `${POSTGRES_URL}${POSTGRES_URL.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    return {
      ...opened,
      url,
      async drop() {
        await opened.db.destroy();
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "heed-test-"));
  const url = `sqlite:${join(dir, "heed.db")}`;
  const opened = openDatabase(url);
  await migrateToLatest(opened.db);
  return {
    ...opened,
    url,
    async drop() {
      await opened.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
