import type { Kysely } from "kysely";

// The customer-facing side: which browser origins may call a workspace's public routes, and the
// per-user cap on portal posts. Origins live in their own table because a CORS preflight carries
// no public key: it can only ask "does any workspace allow this origin?", by index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspace_origins")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("origin", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("workspace_origins_pk", ["workspace_id", "origin"])
    .execute();
  await db.schema.createIndex("workspace_origins_by_origin").on("workspace_origins").columns(["origin"]).execute();

  await db.schema
    .alterTable("workspaces")
    .addColumn("portal_posts_per_hour", "integer", (c) => c.defaultTo(10))
    .execute();

  // Counts per event name for one end user (GET /v1/users/{id}/event-counts) read this index only.
  // The portal's changelog: published entries, newest publication first.
  await db.schema.createIndex("changelog_by_publication").on("changelog_entries").columns(["workspace_id", "state", "published_at", "id"]).execute();
  await db.schema.createIndex("tracked_events_by_user_event").on("tracked_events").columns(["workspace_id", "user_id", "event", "occurred_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tracked_events_by_user_event").execute();
  await db.schema.dropIndex("changelog_by_publication").execute();
  await db.schema.alterTable("workspaces").dropColumn("portal_posts_per_hour").execute();
  await db.schema.dropTable("workspace_origins").execute();
}
