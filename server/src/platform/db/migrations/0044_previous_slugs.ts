import type { Kysely } from "kysely";

// The portal addresses a workspace had before its slug changed: each still redirects to the
// current one (features/portal/web/moved.ts), and stays the workspace's own, so no other workspace
// can take it and receive the links already sent and pasted. A workspace that takes one back
// removes it from here.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspace_previous_slugs")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("left_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("workspace_previous_slugs_by_workspace").on("workspace_previous_slugs").column("workspace_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("workspace_previous_slugs").execute();
}
