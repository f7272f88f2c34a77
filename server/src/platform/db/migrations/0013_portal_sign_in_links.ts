import type { Kysely } from "kysely";

// One-time links that sign a reader in to a portal by email: stored only as the token's SHA-256,
// valid 15 minutes, used once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("portal_sign_in_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("redirect", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("portal_sign_in_links_by_email").on("portal_sign_in_links").columns(["workspace_id", "email", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("portal_sign_in_links").execute();
}
