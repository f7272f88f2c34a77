import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "../database.js";
import { ROOT } from "../../../../test/support/processes.js";

// With WORKERS=n, processes share one SQLite file and take turns to write. A process that found
// the write lock taken slept in SQLite until it was free, and served nothing meanwhile
// (lock-waiting.ts). Another process holds the lock here; this one must keep its event loop
// turning while it waits, then write. Runs in the SQLite project only (vitest.config.ts).

// A second process: takes the write lock, says so, holds it for `ms`, then commits.
const HOLDER = `
const Database = require("better-sqlite3");
const db = new Database(process.argv[1]);
db.exec("begin immediate");
db.exec("insert into notes values ('from the other process')");
process.stdout.write("locked\\n");
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.argv[2]));
db.exec("commit");
db.close();
`;

const opened: { db: OpenedDatabase; dir: string }[] = [];
afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function database(): Promise<{ db: OpenedDatabase; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), "heed-lock-"));
  const file = join(dir, "heed.db");
  const db = openDatabase(`sqlite:${file}`);
  opened.push({ db, dir });
  await sql`create table notes (body text)`.execute(db.db);
  return { db, file };
}

/** Starts the holder and resolves once it holds the write lock; `done` settles when it exits. */
async function lockedElsewhere(file: string, ms: number): Promise<{ done: Promise<number> }> {
  const child = spawn(process.execPath, ["-e", HOLDER, file, String(ms)], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const done = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    void done.then((code) => reject(new Error(`the holder exited (${code}) before it took the lock`)));
  });
  return { done };
}

/** Runs `write` and reports how long it took and the longest the event loop went without a turn. */
async function timed(write: () => Promise<unknown>): Promise<{ ms: number; longestStallMs: number }> {
  let last = Date.now();
  let longestStallMs = 0;
  const ticker = setInterval(() => {
    longestStallMs = Math.max(longestStallMs, Date.now() - last);
    last = Date.now();
  }, 5);
  const started = Date.now();
  try {
    await write();
    return { ms: Date.now() - started, longestStallMs: Math.max(longestStallMs, Date.now() - last) };
  } finally {
    clearInterval(ticker);
  }
}

describe("SQLite's write lock, held by another process", () => {
  it("a transaction waits for it without stopping the event loop, then writes", async () => {
    const { db, file } = await database();
    const holder = await lockedElsewhere(file, 400);
    const { ms, longestStallMs } = await timed(() =>
      db.db.transaction().execute(async (tx) => {
        await sql`insert into notes values ('from this process')`.execute(tx);
      }),
    );
    expect(await holder.done).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(longestStallMs).toBeLessThan(150);
    const notes = await sql<{ body: string }>`select body from notes order by rowid`.execute(db.db);
    expect(notes.rows.map((n) => n.body)).toEqual(["from the other process", "from this process"]);
  });

  it("a statement outside a transaction waits the same way", async () => {
    const { db, file } = await database();
    const holder = await lockedElsewhere(file, 400);
    const { ms, longestStallMs } = await timed(() => sql`insert into notes values ('alone')`.execute(db.db));
    expect(await holder.done).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(longestStallMs).toBeLessThan(150);
  });
});
