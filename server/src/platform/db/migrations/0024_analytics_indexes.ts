import type { Kysely } from "kysely";

// The overview's numbers (features/analytics) count a workspace's votes and comments by when they
// were made: each count is a range read of these indexes, not a scan of every vote.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("votes_by_workspace_time").on("votes").columns(["workspace_id", "created_at"]).execute();
  await db.schema.createIndex("comments_by_workspace_time").on("comments").columns(["workspace_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("comments_by_workspace_time").execute();
  await db.schema.dropIndex("votes_by_workspace_time").execute();
}
