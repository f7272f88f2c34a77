import SQLite from "better-sqlite3";

// A copy of a live SQLite database through SQLite's online backup API, from a read-only connection
// of its own. In WAL mode a reader never blocks the server's writers, so the copy holds up no
// request; it is a consistent snapshot of one moment.
//
// The API copies a number of pages per step and yields between steps (better-sqlite3 steps on the
// event loop), so the background thread that runs scheduled backups keeps doing its other work.
// But a write by another connection between two steps restarts the copy from its first page: under
// steady writes a stepped copy might never end. After a few restarts the rest is copied in one
// step, one read of the file that writers go on beside (only the WAL cannot restart meanwhile).

/** 4 MiB of 4 KiB pages: a few milliseconds of copying between two turns of the event loop. */
const PAGES_PER_STEP = 1024;
/** Restarts (writes landing between steps) before the rest goes in one step. */
const RESTARTS_BEFORE_ONE_STEP = 2;
const ALL_PAGES = 0x7fffffff;

export interface SqliteCopy {
  pages: number;
  /** How often writes made the copy start again before it went in one step. */
  restarts: number;
}

/**
 * Copies the database `source` (a file that must exist) into the new file `destination`, which is
 * left in rollback-journal mode: a file alone, that a reader opens without making a WAL and
 * shared-memory file beside it (Heed puts a database it opens back in WAL mode).
 */
export async function copySqlite(source: string, destination: string): Promise<SqliteCopy> {
  let connection: SQLite.Database;
  try {
    connection = new SQLite(source, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`no database to copy at ${source}: ${(error as Error).message}`);
  }
  try {
    return await copyFrom(connection, destination);
  } finally {
    connection.close();
  }
}

/** copySqlite through a connection already open. */
export async function copyFrom(connection: SQLite.Database, destination: string): Promise<SqliteCopy> {
  // A restart shows as pages copied that did not grow: the step began again from the first page.
  // (Pages remaining may not grow: a write that fits in an existing page leaves the total as it was.)
  let copied = 0;
  let restarts = 0;
  const done = await connection.backup(destination, {
    progress: ({ totalPages, remainingPages }) => {
      const copiedNow = totalPages - remainingPages;
      if (copiedNow <= copied) restarts++;
      copied = copiedNow;
      return restarts >= RESTARTS_BEFORE_ONE_STEP ? ALL_PAGES : PAGES_PER_STEP;
    },
  });
  const copy = new SQLite(destination, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  return { pages: done.totalPages, restarts };
}
