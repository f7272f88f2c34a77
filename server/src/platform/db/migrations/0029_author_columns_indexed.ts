import type { Kysely } from "kysely";
import { dialectOf } from "../database.js";

// Every list of posts or comments joins each row's author: on SQLite, users_by_workspace found the
// user's row and a second descent read its name and avatar from the table. With both in the index,
// one descent answers the join. An uncached list of 20 posts at random cursors over 100k (in
// process, three runs each, interleaved): its statement 983 µs (866–1,153) → 784 (770–861), Heed's
// CPU a request 1,871 µs (1,705–2,237) → 1,601 (1,544–1,756). PostgreSQL keeps the narrow index: a
// B-tree entry there may not pass 2,704 bytes, and a name (200 characters) beside an avatar URL
// (2,000) could; it reads a user's row by its primary key at the cost of a round trip anyway.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await db.schema.dropIndex("users_by_workspace").execute();
  await db.schema.createIndex("users_by_workspace").on("users").columns(["workspace_id", "id", "name", "avatar_url"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await db.schema.dropIndex("users_by_workspace").execute();
  await db.schema.createIndex("users_by_workspace").on("users").columns(["workspace_id", "id"]).execute();
}
