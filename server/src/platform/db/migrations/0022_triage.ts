import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

// What the inbox triages by. `seen_at`: when the team first saw a post (opened it, changed it,
// answered it; a post the team writes is seen as it is written); a post without one is New.
// `last_activity_at`: the last vote, comment or change, for Stale. Every existing post counts as
// seen (the team has been working with them), and its activity is read from its votes and
// comments. `saved_views`: a member's named sets of inbox filters.

const EPOCH = "1970-01-01T00:00:00.000Z";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("posts").addColumn("seen_at", "text").execute();
  // SQLite adds a NOT NULL column only with a default: the update below gives each its value.
  await db.schema
    .alterTable("posts")
    .addColumn("last_activity_at", "text", (c) => c.notNull().defaultTo(EPOCH))
    .execute();
  const latest = dialectOf(db) === "postgres" ? sql.raw("greatest") : sql.raw("max");
  await sql`update posts set seen_at = created_at, last_activity_at = ${latest}(
    updated_at,
    coalesce((select max(v.created_at) from votes v where v.post_id = posts.id), ${EPOCH}),
    coalesce((select max(c.created_at) from comments c where c.post_id = posts.id and c.deleted_at is null), ${EPOCH})
  )`.execute(db);
  // Stale: a workspace's posts by their last activity.
  await db.schema.createIndex("posts_by_activity").on("posts").columns(["workspace_id", "last_activity_at", "id"]).execute();

  await db.schema
    .createTable("saved_views")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    // The member (or API key) whose view it is: nobody else lists it. Written as a whole list.
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("filters", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("saved_views_pk", ["workspace_id", "owner_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_views").execute();
  await db.schema.dropIndex("posts_by_activity").execute();
  await db.schema.alterTable("posts").dropColumn("last_activity_at").execute();
  await db.schema.alterTable("posts").dropColumn("seen_at").execute();
}
