import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase, TEST_DB, type TestDatabase } from "../../../../test/support/database.js";
import { heed, startServer, type Started } from "../../../../test/support/processes.js";
import { migrations } from "../../db/migrations/index.js";
import { backupDatabase, restoreDatabase } from "../index.js";

// `heed backup` of a server that keeps taking writes, `heed restore` into a new database, and a
// second server on it that serves the same posts, votes, comments, keys and webhook endpoints. On
// SQLite through the online backup API; on PostgreSQL through pg_dump and pg_restore, into a
// database made for it. Both run the commands exactly as a person would; a backup an older Heed
// made is brought up to the newest migration as it is restored.

const folder = mkdtempSync(join(tmpdir(), "heed-backups-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(folder, { recursive: true, force: true });
});

/** A new, empty database for a restore: a path on SQLite; on PostgreSQL a database of its own, in the source's schema. */
async function emptyTarget(source: TestDatabase): Promise<{ url: string; relations(): Promise<number> }> {
  if (TEST_DB === "sqlite") {
    const file = join(folder, `restored-${randomBytes(4).toString("hex")}.db`);
    return { url: `sqlite:${file}`, relations: async () => (existsSync(file) ? 1 : 0) };
  }
  const name = `heed_restore_${randomBytes(6).toString("hex")}`;
  const url = new URL(source.url);
  const adminUrl = new URL(source.url);
  adminUrl.search = "";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  // The schema is there and empty, as public is in any new database: the archive's own CREATE
  // SCHEMA is then skipped.
  const schema = /search_path=(\w+)/.exec(decodeURIComponent(url.search))![1]!;
  const inTarget = async <T>(query: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await query(client);
    } finally {
      await client.end();
    }
  };
  await inTarget((client) => client.query(`create schema ${schema}`));
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  return {
    url: url.toString(),
    relations: () =>
      inTarget(async (client) =>
        Number(
          (await client.query("select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema()")).rows[0]
            .n,
        ),
      ),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads what it asserts on; `any` keeps it short
type Json = any;

async function api(server: Started, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** Every item of a paged list, followed by its cursors. */
async function all(server: Started, key: string, path: string, limit = 100): Promise<Json[]> {
  const items: Json[] = [];
  let cursor: string | null = null;
  do {
    const joiner = path.includes("?") ? "&" : "?";
    const page = await api(server, key, "GET", `${path}${joiner}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...page.body.data);
    cursor = page.body.nextCursor;
  } while (cursor);
  return items;
}

/** What a server holds of one post: the post as listed, its votes and its comments. */
async function postWithThread(server: Started, key: string, post: { id: string }) {
  const votes = (await all(server, key, `/v1/posts/${post.id}/votes`)).map((v) => v.userId).sort();
  const comments = (await all(server, key, `/v1/posts/${post.id}/comments`)).map((c) => `${c.id} ${c.body}`).sort();
  return { votes, comments };
}

describe("heed backup and heed restore", () => {
  // Two servers started from the bundle, four runs of the command, and a few hundred requests: a
  // minute or more on a loaded two-core machine.
  it("copy a database while its server takes writes, and a server on the copy answers the same", { timeout: 300_000 }, async () => {
    const source = await freshDatabase();
    cleanups.push(() => source.drop());
    const env = { SEED_DEMO: "1", WEBHOOKS_ALLOW_PRIVATE: "1", RATE_LIMIT_PER_MINUTE: "1000000" };
    const first = await startServer(source.url, env);
    cleanups.push(async () => void (await first.stop()));
    const admin = /secret API key \(full access\): (heed_sk_\w+)/.exec(first.stdout())?.[1];
    expect(admin, first.stdout()).toBeDefined();
    const key = admin!;

    // Made before the backup: a key of narrower scope, a webhook endpoint, end users, and posts
    // with their votes and comments.
    const reader = await api(first, key, "POST", "/v1/api-keys", { name: "reader", scopes: ["posts:read"] });
    expect(reader.status, JSON.stringify(reader.body)).toBe(201);
    const endpoint = await api(first, key, "POST", "/v1/webhooks/endpoints", { url: "http://127.0.0.1:9/hook", events: ["post.created"] });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const boardId = (await api(first, key, "GET", "/v1/boards")).body.data[0].id as string;
    const users: string[] = [];
    for (let i = 0; i < 3; i++) {
      const user = await api(first, key, "POST", "/v1/users", { externalId: `backup-${i}`, name: `Person ${i}` });
      expect(user.status, JSON.stringify(user.body)).toBeLessThan(300);
      users.push(user.body.id);
    }
    const write = async (i: number) => {
      const post = await api(first, key, "POST", "/v1/posts", { boardId, title: `Idea ${i}`, body: `Written as write ${i}` });
      expect(post.status, JSON.stringify(post.body)).toBe(201);
      expect((await api(first, key, "POST", `/v1/posts/${post.body.id}/votes`, { userId: users[i % users.length] })).status).toBeLessThan(300);
      expect((await api(first, key, "POST", `/v1/posts/${post.body.id}/comments`, { body: `Comment on ${i}` })).status).toBe(201);
      return post.body.id as string;
    };
    const before: string[] = [];
    for (let i = 0; i < 5; i++) before.push(await write(i));

    // Writes go on, a bounded number, until the backup has finished.
    let backupDone = false;
    let written = 0;
    const writing = (async () => {
      for (let i = 5; i < 400 && !backupDone; i++) {
        await write(i);
        written++;
      }
    })();
    const file = join(folder, TEST_DB === "sqlite" ? "backup.db" : "backup.dump");
    const backup = await heed(["backup", "--output", file, "--json"], source.url);
    backupDone = true;
    const stoppedAt = written;
    await writing;
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ file, bytes: expect.any(Number), migration: expect.stringMatching(/^\d{4}_/) });
    // The server was still writing when the copy ended: the bound was not what stopped the writer.
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(395);
    // Nothing is left beside the backup: no partial copy, no log.
    expect(readdirSync(folder).filter((name) => name.includes("backup"))).toEqual([basename(file)]);

    const target = await emptyTarget(source);
    const restored = await heed(["restore", file, "--json"], target.url);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ file, applied: [], migration: JSON.parse(backup.stdout).migration });

    // A second restore into what is no longer empty is refused, and changes nothing.
    const again = await heed(["restore", file], target.url);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);

    const second = await startServer(target.url, { ...env, SEED_DEMO: "0" });
    cleanups.push(async () => void (await second.stop()));

    // Both keys still authenticate on the copy, with their own scopes.
    expect((await api(second, reader.body.key, "GET", "/v1/posts")).status).toBe(200);
    expect((await api(second, reader.body.key, "GET", "/v1/boards")).status).toBe(403);
    // The webhook endpoints are the same.
    const endpointsOf = async (server: Started) => (await all(server, key, "/v1/webhooks/endpoints")).map((e) => ({ id: e.id, url: e.url, events: e.events }));
    expect(await endpointsOf(second)).toEqual(await endpointsOf(first));

    // The copy holds one moment of the source: every post made before the backup, none the source
    // does not have, each as the source has it, and with exactly the votes and comments its counts say.
    const originals = new Map((await all(first, key, "/v1/posts?sort=newest", 20)).map((p) => [p.id, p]));
    const copies = await all(second, key, "/v1/posts?sort=newest", 20);
    const copied = new Set(copies.map((p) => p.id));
    for (const id of before) expect(copied.has(id), id).toBe(true);
    for (const post of copies) {
      const original = originals.get(post.id);
      expect(original, post.id).toBeDefined();
      expect({ title: post.title, body: post.body, boardId: post.boardId }).toEqual({ title: original.title, body: original.body, boardId: original.boardId });
      const thread = await postWithThread(second, key, post);
      expect(thread.votes, post.id).toHaveLength(post.voteCount);
      expect(thread.comments, post.id).toHaveLength(post.commentCount);
      const originalThread = await postWithThread(first, key, post);
      if (before.includes(post.id)) expect(thread).toEqual(originalThread);
      for (const vote of thread.votes) expect(originalThread.votes).toContain(vote);
      for (const comment of thread.comments) expect(originalThread.comments).toContain(comment);
    }
  });

  it("brings a backup made before the newest migration up to this code's schema", { timeout: 120_000 }, async () => {
    // An older Heed's database: the newest migration taken back down and forgotten.
    const source = await freshDatabase();
    cleanups.push(() => source.drop());
    const newest = Object.keys(migrations).sort().at(-1)!;
    await migrations[newest]!.down!(source.db as unknown as Kysely<unknown>);
    await sql`delete from heed_migrations where name = ${newest}`.execute(source.db);

    const file = join(folder, TEST_DB === "sqlite" ? "older.db" : "older.dump");
    const written = await backupDatabase(source.url, file);
    expect(written.migration).not.toBe(newest);
    const target = await emptyTarget(source);
    const restored = await restoreDatabase(target.url, file);
    expect(restored).toMatchObject({ migration: written.migration, applied: [newest] });
  });

  it("refuses a file that is not a backup, and leaves the target as it was", { timeout: 120_000 }, async () => {
    const source = await freshDatabase();
    cleanups.push(() => source.drop());
    const text = join(folder, "notes.txt");
    writeFileSync(text, "not a database\n");
    const target = await emptyTarget(source);
    const refused = await heed(["restore", text], target.url);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(TEST_DB === "sqlite" ? /is not a SQLite database/ : /is not a backup of Heed on PostgreSQL/);
    expect(await target.relations()).toBe(0);

    if (TEST_DB === "sqlite") {
      // A SQLite database, but not Heed's.
      const other = join(folder, "other.db");
      const made = new SQLite(other);
      made.exec("create table notes (body text)");
      made.close();
      const notHeeds = await heed(["restore", other], target.url);
      expect(notHeeds.code).toBe(1);
      expect(notHeeds.stderr).toMatch(/not Heed's: it has no heed_migrations table/);
      expect(await target.relations()).toBe(0);
    }

    const missing = await heed(["restore"], target.url);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/heed restore <file>/);
  });
});
