import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { copySqlite } from "../sqlite-copy.js";

// The copy in steps (sqlite-copy.ts) under a writer that never pauses: each write between two
// steps starts the copy again, and the copy must still end, with one consistent moment of the file.
// SQLite's own behaviour: the SQLite project runs it (vitest.config.ts).

const folder = mkdtempSync(join(tmpdir(), "heed-copy-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("copySqlite", () => {
  it("ends under steady writes, with a consistent copy in one file", async () => {
    const source = join(folder, "source.db");
    const writer = new SQLite(source);
    writer.pragma("journal_mode = WAL");
    writer.exec("create table rows (n integer primary key, body text not null)");
    const insert = writer.prepare("insert into rows (body) values (?)");
    // About 6 MiB: more pages than one step copies.
    writer.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run("x".repeat(300));
    })();

    // A write between every two steps of the copy (each step yields to the event loop).
    let writes = 0;
    const writing = setInterval(() => {
      insert.run("y");
      writes++;
    }, 0);
    const destination = join(folder, "copy.db");
    let copy: Awaited<ReturnType<typeof copySqlite>>;
    try {
      copy = await copySqlite(source, destination);
    } finally {
      clearInterval(writing);
    }
    writer.close();

    expect(writes).toBeGreaterThan(0);
    expect(copy.restarts).toBeGreaterThan(0);
    const copied = new SQLite(destination, { readonly: true });
    try {
      expect(copied.pragma("quick_check", { simple: true })).toBe("ok");
      expect(copied.pragma("journal_mode", { simple: true })).toBe("delete");
      // One moment: every row up to some write, and none after a gap.
      const { count, highest } = copied.prepare("select count(*) as count, max(n) as highest from rows").get() as { count: number; highest: number };
      expect(count).toBe(highest);
      expect(count).toBeGreaterThanOrEqual(20_000);
    } finally {
      copied.close();
    }
    expect(existsSync(`${destination}-wal`)).toBe(false);
  });
});
