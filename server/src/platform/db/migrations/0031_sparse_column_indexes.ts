import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

// A post's owner and the post it was merged into are empty on most posts. SQLite now plans each
// statement once, from its SQL alone (platform/db/planner-stability.ts), so it judges an index by
// its average rows per value: with every empty post counted as one value, `owner_id = ?` looked like
// a workspace's every post, and the planner read the list's sort index through the whole workspace
// instead (the inbox filtered by an owner of 40 posts among 100k: 0.6 ms → 59–198 ms; the posts
// merged into one: a scan of every post). Indexed only where set, the index holds the posts a
// lookup can find, its statistics say so, and `= ?` (never true on an empty value) may read it.
// PostgreSQL gets the same, smaller indexes.

async function replace(db: Kysely<unknown>, name: string, columns: string[], column: string | null): Promise<void> {
  await db.schema.dropIndex(name).execute();
  const index = db.schema.createIndex(name).on("posts").columns(columns);
  await (column ? index.where(sql.ref(column), "is not", null) : index).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replace(db, "posts_by_owner", ["workspace_id", "owner_id", "id"], "owner_id");
  await replace(db, "posts_by_merged_into", ["merged_into_id"], "merged_into_id");
  // A database SQLite has analysed gets the new indexes' statistics at once; without them the planner
  // guesses. PostgreSQL's autovacuum gathers its own.
  if (dialectOf(db) !== "sqlite") return;
  const analysed = await sql<{ name: string }>`select name from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (analysed.rows.length > 0) await sql`analyze posts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replace(db, "posts_by_owner", ["workspace_id", "owner_id", "id"], null);
  await replace(db, "posts_by_merged_into", ["merged_into_id"], null);
}
