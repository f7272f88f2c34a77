import type { Kysely } from "kysely";

// Changes to every post a filter matches ("select all 4,210 matching"), run in the background a
// batch at a time (features/bulk). The posts are fixed when the job is made (`bulk_job_posts`), so
// it acts on exactly what matched then; each row keeps what the post held before and after, so an
// undo puts back what the job changed and only where nobody changed it since.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bulk_jobs")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("filters", "text", (c) => c.notNull())
    // queued → running → done; undoing → undone after an undo; failed.
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("changed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("undone", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    // A runner's lease: another process takes the job only once it has lapsed.
    .addColumn("locked_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("undone_at", "text")
    .execute();
  await db.schema.createIndex("bulk_jobs_by_state").on("bulk_jobs").columns(["state", "created_at"]).execute();
  await db.schema.createIndex("bulk_jobs_by_workspace").on("bulk_jobs").columns(["workspace_id", "created_at"]).execute();

  await db.schema
    .createTable("bulk_job_posts")
    .addColumn("job_id", "text", (c) => c.notNull().references("bulk_jobs.id").onDelete("cascade"))
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    // pending → changed | unchanged (already so, or gone); changed → undone | kept (changed since).
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    // Notification events the change made: withdrawn, where not yet mailed, when it is undone.
    .addColumn("events", "text")
    .addPrimaryKeyConstraint("bulk_job_posts_pk", ["job_id", "post_id"])
    .execute();
  await db.schema.createIndex("bulk_job_posts_by_state").on("bulk_job_posts").columns(["job_id", "state", "post_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bulk_job_posts").execute();
  await db.schema.dropTable("bulk_jobs").execute();
}
