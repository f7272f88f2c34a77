import type { Kysely } from "kysely";

// Portal sign-ins become server-side sessions: the end-user token in the portal's cookie names a
// row, so signing out, deleting the end user or reaching the absolute lifetime ends it everywhere.
// And the JWT ids the portal's single sign-on has used, each remembered until its JWT expires, so
// the same JWT never signs in twice, on any instance.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("portal_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("portal_sessions_by_user").on("portal_sessions").columns(["workspace_id", "user_id"]).execute();
  await db.schema.createIndex("portal_sessions_by_expiry").on("portal_sessions").column("expires_at").execute();
  await db.schema
    .createTable("identity_jwt_uses")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("jti", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("identity_jwt_uses_pkey", ["workspace_id", "jti"])
    .execute();
  await db.schema.createIndex("identity_jwt_uses_by_expiry").on("identity_jwt_uses").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("identity_jwt_uses").execute();
  await db.schema.dropTable("portal_sessions").execute();
}
