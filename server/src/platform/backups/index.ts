import { isPostgresUrl, openDatabase, sqliteFileOf } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { backupPostgres, restorePostgres } from "./postgres.js";
import { backupSqlite, restoreSqlite, type Written } from "./sqlite.js";

// `heed backup` and `heed restore`: a consistent copy of the database named by DATABASE_URL while
// Heed serves it, and that copy put back into an empty database, migrated to this code's schema.

export type { Written } from "./sqlite.js";
export { scheduledBackupPass, type BackupSchedule } from "./schedule.js";
export { backupName } from "./names.js";

/** The file of a SQLite DATABASE_URL; refuses the in-memory database, which no other process can read. */
function fileOf(url: string): string {
  const file = sqliteFileOf(url);
  if (file === undefined) throw new Error("DATABASE_URL must start with sqlite: or postgres://");
  if (file === ":memory:") throw new Error("sqlite::memory: lives inside one process: there is nothing to back up or restore into");
  return file;
}

/** Writes a backup of the database of `url` to the new file `output`. */
export function backupDatabase(url: string, output: string): Promise<Written> {
  return isPostgresUrl(url) ? backupPostgres(url, output) : backupSqlite(fileOf(url), output);
}

export interface Restored {
  file: string;
  /** The database restored into, without its password. */
  database: string;
  /** The newest migration the backup held. */
  migration: string | null;
  /** Migrations applied after the restore: a backup made by older code. */
  applied: string[];
}

/** Restores the backup `file` into the empty database of `url`, then applies the migrations it lacks. */
export async function restoreDatabase(url: string, file: string): Promise<Restored> {
  const migration = isPostgresUrl(url) ? await restorePostgres(url, file) : await restoreSqlite(file, fileOf(url));
  const opened = openDatabase(url, { poolSize: 1 });
  try {
    const applied = await migrateToLatest(opened.db);
    return { file, database: opened.description, migration, applied };
  } finally {
    await opened.db.destroy();
  }
}
