import { copyFrom, copySqlite } from "./sqlite-copy.js";
import { heedMigrationsIn, readingFile, sqliteTableCount } from "./sqlite-file.js";
import { removeWithCompanions, writeWhole } from "./whole-file.js";

// Backup and restore on SQLite: both copy through the online backup API (sqlite-copy.ts), so a
// backup is one consistent moment of a database that keeps serving, and a restore writes a whole
// database file in one rename.

export interface Written {
  file: string;
  bytes: number;
  /** The newest migration the copy holds. */
  migration: string | null;
}

/** Copies the database `source` into the new file `output`, and checks the copy is Heed's before naming it. */
export async function backupSqlite(source: string, output: string): Promise<Written> {
  let migrations: string[] = [];
  const bytes = await writeWhole(output, async (temporary) => {
    await copySqlite(source, temporary);
    migrations = await heedMigrationsIn(temporary);
  });
  return { file: output, bytes, migration: migrations.at(-1) ?? null };
}

/**
 * Copies the backup `file` into `target`, which must hold no table (a new path, or an empty file).
 * Returns the backup's newest migration; the caller migrates the rest of the way.
 */
export async function restoreSqlite(file: string, target: string): Promise<string | null> {
  const migrations = await heedMigrationsIn(file, { check: true });
  const tables = await sqliteTableCount(target);
  if (tables > 0) {
    throw new Error(
      `${target} is not empty (${tables} tables): a restore goes into an empty database only. Point DATABASE_URL at a new file, or move this one aside first`,
    );
  }
  await writeWhole(
    target,
    async (temporary) => {
      await readingFile(file, (connection) => copyFrom(connection, temporary));
      // An empty database's leftover log would be read as the new file's.
      removeWithCompanions(target);
    },
    { replace: true },
  );
  return migrations.at(-1) ?? null;
}
