import { type Kysely, sql } from "kysely";

// The trash (GET /v1/posts/deleted): a workspace's deleted posts, the last deleted first. Indexed
// only where deleted, so the index stays as small as the trash and live posts' writes skip it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("posts_deleted").on("posts").columns(["workspace_id", "deleted_at", "id"]).where(sql.ref("deleted_at"), "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("posts_deleted").execute();
}
