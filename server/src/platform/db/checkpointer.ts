import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import SQLite, { type Database as SQLiteDatabase } from "better-sqlite3";
import { log } from "../lib/log.js";

// A write to SQLite lands in the WAL; a checkpoint copies the WAL's pages into the database file.
// By default the connection that commits the 1,000th page does it, synchronously: on a serving
// process that stalls every request for the copy and an fsync, every few dozen writes (a post with
// its indexes, terms, audit and outbox rows is about 30 pages). Here a second connection, on
// another thread, copies what it can every tenth of a second (PASSIVE: it never waits for nor
// blocks a writer). The serving connection keeps its own checkpoint only as a backstop at 64 MiB
// of WAL: by then the other thread has copied all but the last moments, so it finishes cheaply,
// and the WAL starts over from its beginning (SQLite restarts it only once every page is copied,
// which a thread running beside constant writes never sees). Measured on the bench's database:
// 320 plain post creations per second this way, 246 without, mean of three runs each.
//
// A server copies on its background thread (start/background-entry.ts), which it runs anyway: a
// thread of the checkpointer's own would be a Node.js worker, a whole JavaScript engine (about 20
// MiB resident) for one statement every 100 ms. The CLI, which has no background thread, starts one.

/**
 * Who copies a connection's WAL into the database file:
 * - `own-thread`: a thread started for it (the CLI's long imports and seeds);
 * - `this-thread`: a second connection on the thread that opens this one (the background thread);
 * - `another-thread`: another thread does (a serving connection: its process's background thread,
 *   or with WORKERS the primary's); this connection keeps the backstop only.
 * Unset, SQLite checkpoints as it does by default (tools, tests).
 */
export type Checkpoints = "own-thread" | "this-thread" | "another-thread";

/** The serving connection's own checkpoint, in WAL pages (64 MiB of 4 KiB pages). */
const BACKSTOP_PAGES = 16_384;
const INTERVAL_MS = 100;

/**
 * Every `intervalMs`, a PASSIVE checkpoint through `db`, a connection of its own; returns how to
 * stop and close it. A pass that finds a lock taken is skipped; the next one catches up. It refers
 * to nothing outside itself: the CLI's worker thread runs it from its source text (THREAD).
 */
function copyEvery(db: SQLiteDatabase, intervalMs: number, report: (error: unknown) => void): () => void {
  db.pragma("synchronous = NORMAL");
  // Never wait for a lock.
  db.pragma("busy_timeout = 0");
  const timer = setInterval(() => {
    try {
      db.pragma("wal_checkpoint(PASSIVE)");
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "SQLITE_BUSY" && code !== "SQLITE_LOCKED") report(error);
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    db.close();
  };
}

// CommonJS, run with eval: the bundle has no separate file to point a Worker at.
const THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const closed = new Int32Array(workerData.closed);
const db = new Database(workerData.file, { fileMustExist: true });
const stop = (${copyEvery.toString()})(db, workerData.intervalMs, (error) => parentPort.postMessage(String(error)));
parentPort.on("message", () => {
  stop();
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  parentPort.close();
});
`;

/** The longest the serving connection waits, when it closes, for the thread's to close first. */
const CLOSE_WAIT_MS = 2_000;

/** Starts checkpointing `file`, `sqlite`'s, as `where` says; returns how to stop it (before `sqlite` closes). */
export function startCheckpoints(sqlite: SQLiteDatabase, file: string, where: Checkpoints): () => void {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  // After a restart the WAL file is cut back to this size rather than kept at its largest.
  sqlite.pragma(`journal_size_limit = ${BACKSTOP_PAGES * 4096}`);
  if (where === "own-thread") return onOwnThread(file);
  if (where === "this-thread") return onThisThread(file);
  return () => {};
}

/** The copies on this thread; they stop (closing their connection) before the connection they serve closes, so that one, closing last, removes the WAL. */
function onThisThread(file: string): () => void {
  return copyEvery(new SQLite(file, { fileMustExist: true }), INTERVAL_MS, (error) => log.warn("background checkpoint failed", { error }));
}

/** The copies on a worker thread of their own, for a process with no background thread. */
function onOwnThread(file: string): () => void {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const closed = new Int32Array(new SharedArrayBuffer(4));
  const thread = new Worker(THREAD, { eval: true, workerData: { driver, file, intervalMs: INTERVAL_MS, closed: closed.buffer } });
  let running = true;
  thread.unref();
  thread.on("message", (error: string) => log.warn("background checkpoint failed", { error }));
  thread.on("error", (error) => log.warn("background checkpointer stopped: the serving connection checkpoints alone", { error }));
  thread.on("exit", () => (running = false));
  // SQLite removes the WAL only when the last connection to the file closes, after copying it in.
  // The thread's connection closes first, so the serving one is the last and a stopped server
  // leaves one self-contained database file (a terminated thread's connection would linger: the
  // WAL, up to 64 MiB of recent writes, would stay beside it). Closing a connection is synchronous, so
  // this wait is too: Atomics.wait, for the thread's word that its connection is closed.
  return () => {
    if (running) {
      thread.postMessage("close");
      Atomics.wait(closed, 0, 0, CLOSE_WAIT_MS);
    }
    void thread.terminate();
  };
}
