import type { Kysely } from "kysely";

// The inbox filters by owner ("mine", "nobody's"): an index per workspace and owner, with the id
// for keyset order, like the other post filters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("posts_by_owner").on("posts").columns(["workspace_id", "owner_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("posts_by_owner").execute();
}
