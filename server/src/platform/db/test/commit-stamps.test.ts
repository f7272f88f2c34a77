import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { commitStamps, commitStampsOf } from "../commit-stamps.js";
import { openDatabase } from "../database.js";
import { migrateToLatest } from "../migrate.js";
import { bumpVersion, readVersion } from "../../changes/version.js";
import { createWorkspace } from "../../../features/workspace/create.js";

// SQLite's wal-index header tells a serving process that nothing was committed since it last read a
// workspace's version (platform/db/commit-stamps.ts). What must hold: any commit, by any connection
// of any process, changes the stamp; no commit leaves it as it was.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function walDatabase(): { file: string; writer: SQLite.Database } {
  const dir = mkdtempSync(join(tmpdir(), "heed-stamps-"));
  dirs.push(dir);
  const file = join(dir, "stamps.db");
  const writer = new SQLite(file);
  writer.pragma("journal_mode = WAL");
  writer.exec("create table t (n integer)");
  return { file, writer };
}

describe("commit stamps", () => {
  it("stay the same without a commit, and change with every commit of another connection", () => {
    const { file, writer } = walDatabase();
    const reader = new SQLite(file);
    const stamps = commitStampsOf(file);
    try {
      const first = stamps.read()!;
      expect(first).toBeDefined();
      // Reads, a rolled-back write and a passive checkpoint commit nothing.
      reader.prepare("select count(*) from t").get();
      expect(stamps.read()).toBe(first);
      try {
        writer.transaction(() => {
          writer.prepare("insert into t values (1)").run();
          throw new Error("rolled back");
        })();
      } catch {}
      expect(stamps.read()).toBe(first);
      reader.prepare("insert into t values (0)").run();
      const committed = stamps.read();
      expect(committed).not.toBe(first);
      writer.pragma("wal_checkpoint(PASSIVE)");
      reader.prepare("select count(*) from t").get();
      expect(stamps.read()).toBe(committed);
      const seen = [first, committed];
      for (let i = 0; i < 20; i++) {
        reader.prepare("insert into t values (?)").run(i);
        // A full checkpoint lets the next commit restart the WAL from its start: still a new stamp.
        if (i % 5 === 4) writer.pragma("wal_checkpoint(TRUNCATE)");
        const now = stamps.read()!;
        expect(seen).not.toContain(now);
        seen.push(now);
      }
    } finally {
      stamps.close();
      reader.close();
      writer.close();
    }
  });

  it("read soon are read after the last caller asked, and shared by the callers of one turn", async () => {
    const { file, writer } = walDatabase();
    const stamps = commitStampsOf(file);
    try {
      const before = stamps.read()!;
      const asked = [stamps.readSoon(), stamps.readSoon()];
      expect(asked[0]).toBe(asked[1]);
      // A commit after they asked and before the read: the stamp they get shows it.
      writer.prepare("insert into t values (1)").run();
      const [stamp] = await Promise.all(asked);
      expect(stamp).not.toBe(before);
      expect(stamp).toBe(stamps.read());
      // Asked again, in a later turn: another read.
      expect(stamps.readSoon()).not.toBe(asked[0]);
    } finally {
      stamps.close();
      writer.close();
    }
  });

  it("change with a commit made by another process", () => {
    const { file, writer } = walDatabase();
    const stamps = commitStampsOf(file);
    try {
      const before = stamps.read()!;
      const script = join(dirs[0]!, "write.cjs");
      writeFileSync(
        script,
        `const D = require(${JSON.stringify(createRequire(import.meta.url).resolve("better-sqlite3"))}); const d = new D(${JSON.stringify(file)}); d.prepare("insert into t values (7)").run(); d.close();`,
      );
      expect(spawnSync(process.execPath, [script]).status).toBe(0);
      expect(stamps.read()).not.toBe(before);
    } finally {
      stamps.close();
      writer.close();
    }
  });

  it("tell nothing when the header's two copies differ (a commit half written)", () => {
    const { file, writer } = walDatabase();
    const stamps = commitStampsOf(file);
    try {
      expect(stamps.read()).toBeDefined();
      // The first copy's change counter rewritten by hand, as a writer leaves it between its two copies.
      const fd = openSync(`${file}-shm`, "r+");
      writeSync(fd, Buffer.from([0xff, 0xff, 0xff, 0xff]), 0, 4, 8);
      closeSync(fd);
      expect(stamps.read()).toBeUndefined();
    } finally {
      stamps.close();
      writer.close();
    }
  });

  it("are none for a database in memory, and none once closed", () => {
    expect(commitStamps(openDatabase("sqlite::memory:").db)).toBeUndefined();
    const { file, writer } = walDatabase();
    const stamps = commitStampsOf(file);
    expect(stamps.read()).toBeDefined();
    stamps.close();
    expect(stamps.read()).toBeUndefined();
    writer.close();
  });

  it("keep a workspace's version exact across two connections (two instances)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "heed-stamps-"));
    dirs.push(dir);
    const url = `sqlite:${join(dir, "heed.db")}`;
    const one = openDatabase(url);
    await migrateToLatest(one.db);
    const two = openDatabase(url);
    const a = (await createWorkspace(one.db, { slug: "a", name: "A" })).id;
    const b = (await createWorkspace(one.db, { slug: "b", name: "B" })).id;
    try {
      expect(commitStamps(one.db)).toBeDefined();
      const start = await readVersion(one.db, a);
      const startB = await readVersion(one.db, b);
      for (let i = 1; i <= 5; i++) {
        await bumpVersion(two.db, a);
        expect(await readVersion(one.db, a)).toBe(start + i);
        // Asked again with nothing committed: the kept version, still exact.
        expect(await readVersion(one.db, a)).toBe(start + i);
      }
      // At the front door, callers of one turn share a read made after the last of them asked: a
      // commit after they asked, before the turn's stamp read, is seen by all of them.
      const asked = [readVersion(one.db, a, "turn"), readVersion(one.db, a, "turn")];
      expect(asked[0]).toBe(asked[1]);
      await bumpVersion(two.db, a);
      expect(await Promise.all(asked)).toEqual([start + 6, start + 6]);
      await bumpVersion(two.db, a);
      expect(await readVersion(one.db, a, "turn")).toBe(start + 7);
      // Another workspace's change is a commit too: read again, and still right.
      await bumpVersion(two.db, b);
      expect(await readVersion(one.db, a)).toBe(start + 7);
      expect(await readVersion(one.db, b)).toBe(startB + 1);
    } finally {
      await two.db.destroy();
      await one.db.destroy();
    }
  });
});
