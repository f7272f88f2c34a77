import { closeSync, openSync, readSync } from "node:fs";

// How a serving process can tell, without a statement, that nothing was committed to its SQLite
// database since it last looked. In WAL mode SQLite keeps the wal-index in the database's `-shm`
// file, which every connection of every process maps and shares; its first 96 bytes are two copies
// of the wal-index header (https://www.sqlite.org/walformat.html, "The WAL-Index Header"). Every
// commit, by any connection, writes that header anew before the commit returns: its change counter
// raised, its last valid frame moved on (or, after the WAL restarts, new salts). Equal header bytes
// read at two moments therefore mean that no transaction committed between them.
//
// A statement costs more than the answer it guards: each one opens a read transaction, which takes
// and releases a lock on the `-shm` file (fcntl system calls). Reading the header is one `pread`.
//
// The file cannot be swapped under the descriptor held here: SQLite deletes `-shm` only when the
// last connection to the database closes, and the serving connection this watches is open for as
// long as the stamps are read (they stop with it).

const HEADER_BYTES = 48;

export interface CommitStamps {
  /**
   * The wal-index header as it reads now; two equal stamps mean no commit happened between the two
   * reads. Undefined when it cannot be told: a writer is halfway through the header (its two copies
   * differ), or the file cannot be read.
   */
  read(): string | undefined;
  /**
   * A stamp read after this call, shared by every caller until it is read: the read waits for the
   * event loop's check phase, so the requests one turn of the loop handles cost one read, each
   * read after every request that shares it arrived.
   */
  readSoon(): Promise<string | undefined>;
  close(): void;
}

/** Stamps of the SQLite database at `file` (a database in WAL mode, with a connection open on it). */
export function commitStampsOf(file: string): CommitStamps {
  let fd: number | undefined;
  let closed = false;
  // Opened on first use: a new database has no `-shm` until its first read transaction.
  const open = () => {
    try {
      fd = openSync(`${file}-shm`, "r");
    } catch {
      fd = undefined;
    }
  };
  let soon: Promise<string | undefined> | undefined;
  // One buffer for every read; a stamp is kept as a string, which pins no buffer pool's slab.
  const header = Buffer.alloc(HEADER_BYTES * 2);
  const stamps: CommitStamps = {
    readSoon() {
      soon ??= new Promise((resolve) =>
        setImmediate(() => {
          soon = undefined;
          resolve(stamps.read());
        }),
      );
      return soon;
    },
    read() {
      if (fd === undefined && !closed) open();
      if (fd === undefined) return undefined;
      try {
        if (readSync(fd, header, 0, header.byteLength, 0) !== header.byteLength) return undefined;
      } catch {
        return undefined;
      }
      // SQLite writes the second copy first, then the first: copies that differ are a commit in progress.
      if (header.compare(header, 0, HEADER_BYTES, HEADER_BYTES, HEADER_BYTES * 2) !== 0) return undefined;
      // An uninitialised header (no connection has built the wal-index yet) tells nothing.
      if (header.readUInt8(12) === 0) return undefined;
      return header.toString("latin1", 0, HEADER_BYTES);
    },
    close() {
      closed = true;
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
  return stamps;
}

// Keyed by the database handle (database.ts's Db), which imports this module.
const stampsOf = new WeakMap<object, CommitStamps>();

/** Tells `db`'s readers where its commit stamps are (database.ts, for a SQLite file). */
export function registerCommitStamps(db: object, stamps: CommitStamps): void {
  stampsOf.set(db, stamps);
}

/** The stamps of `db`, when it is a SQLite file in WAL mode; undefined otherwise (PostgreSQL, `:memory:`). */
export function commitStamps(db: object): CommitStamps | undefined {
  return stampsOf.get(db);
}
