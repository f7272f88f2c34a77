import { type Kysely, sql } from "kysely";

// Duplicates found for the team: each new (or retitled) post is queued in `duplicate_checks` in the
// transaction that writes it; the background work compares it with the workspace's earlier open
// posts and keeps the closest as `duplicate_suggestions`. A suggestion the team dismissed keeps its
// row (with `dismissed_at`), so checking the post again never brings it back. Posts written before
// this migration are not queued: GET /v1/posts/{id}/similar finds their look-alikes on demand.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("duplicate_checks")
    .addColumn("post_id", "text", (c) => c.primaryKey().notNull().references("posts.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("queued_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("duplicate_checks_queue").on("duplicate_checks").columns(["queued_at", "post_id"]).execute();

  await db.schema
    .createTable("duplicate_suggestions")
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("duplicate_of_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("similarity", "double precision", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("dismissed_at", "text")
    .addColumn("dismissed_by", "text")
    .addPrimaryKeyConstraint("duplicate_suggestions_pk", ["post_id", "duplicate_of_id"])
    .execute();
  // The inbox's "possible duplicates" view: a workspace's suggestions still open.
  await sql`create index duplicate_suggestions_open on duplicate_suggestions (workspace_id, post_id) where dismissed_at is null`.execute(db);
  // A post merged or deleted stops being suggested: found by the post it points at.
  await db.schema.createIndex("duplicate_suggestions_of").on("duplicate_suggestions").column("duplicate_of_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("duplicate_suggestions").execute();
  await db.schema.dropTable("duplicate_checks").execute();
}
