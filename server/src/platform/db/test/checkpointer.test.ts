import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Checkpoints } from "../checkpointer.js";
import { openDatabase, type OpenedDatabase } from "../database.js";

// A server copies SQLite's WAL into the database file on its background thread, the CLI on a
// thread of its own (checkpointer.ts), so no request waits for the copy. Seen from outside: the database file takes
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
async function written(checkpoints: Checkpoints | undefined): Promise<{ file: string; before: number }> {
  const dir = mkdtempSync(join(tmpdir(), "heed-checkpoint-"));
  const file = join(dir, "heed.db");
  const db = openDatabase(`sqlite:${file}`, { checkpoints });
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
  it.each(["own-thread", "this-thread"] as const)("copies committed writes into the database file without the writing connection (%s)", async (checkpoints) => {
    const { file, before } = await written(checkpoints);
    expect(await grows(file, before, 2000)).toBe(true);
  });

  it.each([undefined, "another-thread"] as const)("leaves the WAL alone on a connection that does not copy it (%s)", async (checkpoints) => {
    const { file, before } = await written(checkpoints);
    expect(await grows(file, before, 500)).toBe(false);
  });

  it.each(["own-thread", "this-thread"] as const)(
    "leaves the database in one file when it closes: the copying connection lets go before the last one (%s)",
    async (checkpoints) => {
      // SQLite removes the WAL when its last connection closes. Were the copying connection still
      // open then, the writing one would not be the last, and a copied .db file would lack its writes.
      for (let i = 0; i < 5; i++) {
        const { file } = await written(checkpoints);
        const { db, dir } = opened.pop()!;
        await db.db.destroy();
        const walLeft = existsSync(`${file}-wal`);
        rmSync(dir, { recursive: true, force: true });
        expect(walLeft).toBe(false);
      }
    },
  );
});
