import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "../src/platform/db/database.js";

// A serving process copies SQLite's WAL into the database file on a thread of its own
// (checkpointer.ts), so no request waits for the copy. Seen from outside: the database file takes
// in a write well before the serving connection's own checkpoint (64 MiB of WAL) would run. Runs in
// the SQLite project only (vitest.config.ts): PostgreSQL checkpoints by itself.

const opened: { db: OpenedDatabase; dir: string }[] = [];
afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A database file, one table in it, and 400 KiB written to the WAL in one transaction. */
async function written(checkpointInBackground: boolean): Promise<{ file: string; before: number }> {
  const dir = mkdtempSync(join(tmpdir(), "heed-checkpoint-"));
  const file = join(dir, "heed.db");
  const db = openDatabase(`sqlite:${file}`, { checkpointInBackground });
  opened.push({ db, dir });
  await sql`create table filler (body text)`.execute(db.db);
  // The table's creation may or may not have been copied yet: wait for the file to settle first.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const before = statSync(file).size;
  await db.db.transaction().execute(async (tx) => {
    for (let i = 0; i < 100; i++) await sql`insert into filler values (${"x".repeat(4096)})`.execute(tx);
  });
  return { file, before };
}

async function grows(file: string, before: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (statSync(file).size > before) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe("SQLite's background checkpoint", () => {
  it("copies committed writes into the database file without the serving connection", async () => {
    const { file, before } = await written(true);
    expect(await grows(file, before, 2000)).toBe(true);
  });

  it("leaves the WAL alone on a connection that did not ask for it (tools, tests)", async () => {
    const { file, before } = await written(false);
    expect(await grows(file, before, 500)).toBe(false);
  });

  it("leaves the database in one file when it closes: the thread lets go before the last connection", async () => {
    // SQLite removes the WAL when its last connection closes. Were the thread's connection still
    // open then, the serving one would not be the last, and a copied .db file would lack its writes.
    for (let i = 0; i < 5; i++) {
      const { file } = await written(true);
      const { db, dir } = opened.pop()!;
      await db.db.destroy();
      const walLeft = existsSync(`${file}-wal`);
      rmSync(dir, { recursive: true, force: true });
      expect(walLeft).toBe(false);
    }
  });
});
