import { existsSync, rmSync, statSync } from "node:fs";
import SQLite from "better-sqlite3";

// What a SQLite file holds, read without changing it: whether it is a Heed database (its migration
// table), and whether a restore may go into it (no table at all).

/**
 * Runs `read` on a read-only connection to a file no server uses (a backup), and removes the empty
 * log and shared-memory files SQLite makes beside a WAL-mode file (one made by another tool) that
 * a read-only connection cannot remove when it closes.
 */
export async function readingFile<T>(file: string, read: (connection: SQLite.Database) => T | Promise<T>): Promise<T> {
  const made = ["-wal", "-shm"].filter((suffix) => !existsSync(`${file}${suffix}`));
  const connection = openReadOnly(file);
  try {
    return await read(connection);
  } finally {
    connection.close();
    if (made.includes("-wal") && existsSync(`${file}-wal`) && statSync(`${file}-wal`).size === 0) {
      for (const suffix of made) rmSync(`${file}${suffix}`, { force: true });
    }
  }
}

function openReadOnly(file: string): SQLite.Database {
  try {
    const connection = new SQLite(file, { readonly: true, fileMustExist: true });
    // The header is read on the first statement: a file that is not SQLite fails here.
    connection.prepare("select count(*) from sqlite_master").get();
    return connection;
  } catch (error) {
    throw new Error(`${file} is not a SQLite database (${(error as Error).message})`);
  }
}

/** The migrations applied to the Heed database `file`, oldest first; refuses any other file. */
export function heedMigrationsIn(file: string, { check = false } = {}): Promise<string[]> {
  if (!existsSync(file)) throw new Error(`no file ${file}`);
  return readingFile(file, (connection) => {
    const table = connection.prepare("select 1 from sqlite_master where type = 'table' and name = 'heed_migrations'").get();
    if (!table) throw new Error(`${file} is a SQLite database but not Heed's: it has no heed_migrations table`);
    if (check) {
      // A damaged copy is refused before it replaces anything.
      const problems = connection.pragma("quick_check", { simple: false }) as { quick_check: string }[];
      if (problems[0]?.quick_check !== "ok") throw new Error(`${file} is damaged: ${problems.map((p) => p.quick_check).join("; ")}`);
    }
    return (connection.prepare("select name from heed_migrations order by name").all() as { name: string }[]).map((row) => row.name);
  });
}

/** How many tables the SQLite database `file` holds: 0 for a file that does not exist or is empty. */
export async function sqliteTableCount(file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  return readingFile(file, (connection) => (connection.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n);
}
