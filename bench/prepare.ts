import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createApiKey } from "../server/src/features/api-keys/create.js";
import { createInvite } from "../server/src/features/invites/invites.js";
import { createPost } from "../server/src/features/posts/create.js";
import { createWorkspace } from "../server/src/features/workspace/create.js";
import { openDatabase } from "../server/src/platform/db/database.js";
import { migrateToLatest } from "../server/src/platform/db/migrate.js";
import { seedWorkspace } from "../server/src/cli/seed/bulk.js";
import { operatorContext } from "./context.js";
import { seedVoters } from "./notifications.js";

// The bench's database, SQLite or PostgreSQL, seeded the same way for both: the workspace, its
// posts and votes, keys, a team member's invite, and a post whose voters are told by mail.

export interface Seeded {
  /** "SQLite" or "PostgreSQL", as the tables print it. */
  name: string;
  databaseUrl: string;
  key: string;
  writer: string;
  boardId: string;
  boardSlug: string;
  publicKey: string;
  inviteToken: string;
  notify: { postId: string; statusId: string };
  drop(): Promise<void>;
}

export interface SeedSize {
  posts: number;
  votes: number;
  notifyVoters: number;
}

async function seed(name: string, databaseUrl: string, schema: string | undefined, size: SeedSize, drop: () => Promise<void>): Promise<Seeded> {
  const { db, dialect } = openDatabase(databaseUrl, schema ? { schema } : {});
  await migrateToLatest(db);
  const workspace = await createWorkspace(db, { slug: "bench", name: "Bench" });
  const ref = { id: workspace.id, slug: workspace.slug };
  const started = Date.now();
  const summary = await seedWorkspace(db, ref, { posts: size.posts, votes: size.votes, boards: 5, seed: 1 });
  console.log(`${name}: seeded ${summary.posts} posts and ${summary.votes} votes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const ctx = await operatorContext(db, dialect, ref);
  const { key } = await createApiKey({ ctx, input: { name: "bench", scopes: ["posts:read"] } });
  const { key: writer } = await createApiKey({ ctx, input: { name: "bench writer", scopes: ["posts:write", "comments:write", "webhooks:write"] } });
  // A team member for the dashboard's figures, who accepts the invite through the API.
  const invite = await createInvite({ ctx, input: { email: "bench@example.com", role: "member" } });
  const board = await db
    .selectFrom("boards")
    .select(["id", "slug"])
    .where("workspace_id", "=", ref.id)
    .where("visibility", "=", "public")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  // The post whose status change is told to every voter by mail.
  const notified = await createPost({ ctx, input: { boardId: board.id, title: "Told to every voter" } });
  await seedVoters(db, ref.id, notified.id, size.notifyVoters);
  const shipped = await db.selectFrom("statuses").select("id").where("workspace_id", "=", ref.id).where("category", "=", "complete").executeTakeFirstOrThrow();
  await db.destroy();
  return {
    name,
    databaseUrl,
    key,
    writer,
    boardId: board.id,
    boardSlug: board.slug,
    publicKey: workspace.public_key,
    inviteToken: invite.inviteUrl.split("/").pop()!,
    notify: { postId: notified.id, statusId: shipped.id },
    drop,
  };
}

/** A temporary SQLite database file, removed by drop(). */
export function seedSqlite(size: SeedSize): Promise<Seeded> {
  const dir = mkdtempSync(join(tmpdir(), "heed-bench-"));
  const drop = async () => rmSync(dir, { recursive: true, force: true });
  // On "exit" too: servers.ts turns an interrupting signal into an exit.
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return seed("SQLite", `sqlite:${join(dir, "bench.db")}`, undefined, size, drop);
}

/** A fresh schema in the PostgreSQL at `adminUrl`: the URL whose connections use it, and how to drop it. */
export async function freshPostgresSchema(adminUrl: string): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const schema = `heed_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.query("create extension if not exists pg_trgm with schema public");
  await admin.end();
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  };
  const url = `${adminUrl}${adminUrl.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return { url, schema, drop };
}

/** A schema of its own in the PostgreSQL at `adminUrl`, dropped by drop(). */
export async function seedPostgres(adminUrl: string, size: SeedSize): Promise<Seeded> {
  const { url, schema, drop } = await freshPostgresSchema(adminUrl);
  return seed("PostgreSQL", url, schema, size, drop);
}
