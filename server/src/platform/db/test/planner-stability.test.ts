import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seedWorkspace } from "../../../cli/seed/bulk.js";
import { createWorkspace } from "../../../features/workspace/create.js";
import { openDatabase } from "../database.js";
import { migrateToLatest } from "../migrate.js";
import { buildPlannerStability, plannerStability } from "../planner-stability.js";

// Every SQLite connection Heed opens plans each statement once (planner-stability.ts): the SQLite
// extension that turns the guarantee on is compiled with the machine's C compiler and loaded into the
// connection. Without a compiler Heed opens its database as before and says so once. Runs in the
// SQLite project only (vitest.config.ts).

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "heed-planner-"));
  dirs.push(dir);
  return dir;
}
const versionOf = (sqlite: SQLite.Database) => sqlite.prepare("select sqlite_version()").pluck().get() as string;
const stable = (sqlite: SQLite.Database) => sqlite.prepare("select heed_planner_stability()").pluck().get();

describe("SQLite's planner stability", () => {
  it("is on for every connection openDatabase makes", async () => {
    const file = join(scratch(), "heed.db");
    const first = openDatabase(`sqlite:${file}`);
    const second = openDatabase(`sqlite:${file}`);
    try {
      for (const opened of [first, second]) {
        const { rows } = await sql<{ on: number }>`select heed_planner_stability() as "on"`.execute(opened.db);
        expect(rows[0]!.on).toBe(1);
      }
    } finally {
      await first.db.destroy();
      await second.db.destroy();
    }
  });

  it("is built once into the folder given, and loads into a connection that had it off", () => {
    const dir = scratch();
    const probe = new SQLite(":memory:");
    try {
      const library = buildPlannerStability(versionOf(probe), dir);
      expect(existsSync(library)).toBe(true);
      // Only the library is left: the C source and the file it was compiled to under another name are gone.
      expect(readdirSync(dir)).toEqual([library.slice(dir.length + 1)]);
      expect(buildPlannerStability(versionOf(probe), dir)).toBe(library);
      expect(() => stable(probe)).toThrow(/no such function/);
      expect(plannerStability(() => library)(probe)).toBe(true);
      expect(stable(probe)).toBe(1);
    } finally {
      probe.close();
    }
  });

  it("leaves connections working, and says why once, when no compiler can build it", () => {
    const dir = scratch();
    vi.stubEnv("CC", join(dir, "no-such-compiler"));
    vi.stubEnv("LOG_LEVEL", "info");
    const logged = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const builds = vi.fn((version: string) => buildPlannerStability(version, dir));
    const enable = plannerStability(builds);
    const connections = [new SQLite(":memory:"), new SQLite(":memory:")];
    try {
      expect(connections.map((c) => enable(c))).toEqual([false, false]);
      expect(builds).toHaveBeenCalledTimes(1);
      const warnings = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: "warn", message: expect.stringContaining("planner stability is off") });
      expect(warnings[0].detail).toMatch(/ENOENT/);
      expect(readdirSync(dir)).toEqual([]);
      for (const c of connections) expect(c.prepare("select 1 + 1").pluck().get()).toBe(2);
    } finally {
      for (const c of connections) c.close();
    }
  });

  it("still reads the owner's and the merged-into index when few posts have one (migration 0031)", async () => {
    // Planned without the values, SQLite judges an index by its rows per value: with every empty
    // owner counted as one value, `owner_id = ?` looked like the whole workspace, and the list
    // read its sort index through every post instead. Indexed only where set, the index is read.
    const opened = openDatabase(`sqlite:${join(scratch(), "heed.db")}`);
    const { db } = opened;
    try {
      await migrateToLatest(db);
      const ws = await createWorkspace(db, { slug: "plans", name: "Plans" });
      await seedWorkspace(db, { id: ws.id, slug: ws.slug }, { posts: 2_000, votes: 0, seed: 3 });
      await sql`update posts set owner_id = 'mem_owner' where id in (select id from posts order by id limit 5)`.execute(db);
      await sql`update posts set merged_into_id = (select min(id) from posts) where id in (select id from posts order by id desc limit 3)`.execute(db);
      await sql`analyze`.execute(db);
      const plan = async (query: ReturnType<typeof sql>) =>
        (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows.map((r) => r.detail).join("; ");
      const owned = sql`select p.id from posts p where p.workspace_id = ${ws.id} and p.deleted_at is null and p.merged_into_id is null
        and p.held = ${0} and p.owner_id = ${"mem_owner"} order by p.created_at desc, p.id desc limit ${20}`;
      expect(await plan(owned)).toMatch(/USING INDEX posts_by_owner \(workspace_id=\? AND owner_id=\?\)/);
      const merged = sql`select id from posts where workspace_id = ${ws.id} and merged_into_id = ${"post_x"}`;
      expect(await plan(merged)).toMatch(/USING INDEX posts_by_merged_into \(merged_into_id=\?\)/);
    } finally {
      await db.destroy();
    }
  });
});
