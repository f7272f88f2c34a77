import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

// Imports (features/imports): a job per import batch, and for every object a batch created or
// matched, the source's id beside Heed's. That record is what makes a re-run change nothing (the
// source id is found, the row skipped) and what an undo deletes by. Votes have no id of their own
// in any source, so a vote carries its batch instead (`votes.import_id`): a re-run finds the pair
// (post, user) already voted, and an undo deletes the batch's votes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("imports")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    // `canny`, `uservoice` or `csv`.
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("dry_run", "integer", (c) => c.notNull())
    // JSON: the uploaded files by kind, the column mapping, the preview asked for.
    .addColumn("options", "text", (c) => c.notNull().defaultTo("{}"))
    // Canny's API key, held only until the import ends (then emptied), never shown.
    .addColumn("secret", "text")
    // queued → running → done | failed | cancelled; done → undoing → undone.
    .addColumn("state", "text", (c) => c.notNull())
    // What is being read now (`posts`, `votes`, …) and how far: `done` of `total` (bytes or pages).
    .addColumn("phase", "text")
    .addColumn("done", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "bigint", (c) => c.notNull().defaultTo(0))
    // The report (JSON): created, updated and skipped per kind, and each problem with examples.
    .addColumn("report", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("error", "text")
    .addColumn("locked_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("undone_at", "text")
    .execute();
  await db.schema.createIndex("imports_by_workspace").on("imports").columns(["workspace_id", "id"]).execute();
  await db.schema.createIndex("imports_by_state").on("imports").columns(["state", "created_at"]).execute();

  await db.schema
    .createTable("import_records")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("source", "text", (c) => c.notNull())
    // `company`, `user`, `board`, `status`, `tag`, `post`, `comment`.
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("object_id", "text", (c) => c.notNull())
    .addColumn("import_id", "text", (c) => c.notNull().references("imports.id").onDelete("cascade"))
    // 1: the batch made the object (an undo deletes it); 0: it was there and the batch only matched it.
    .addColumn("created", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("import_records_pk", ["workspace_id", "source", "kind", "external_id"])
    .execute();
  await db.schema.createIndex("import_records_by_import").on("import_records").columns(["import_id", "kind"]).execute();

  // CSV files sent for an import (POST /v1/imports/uploads), stored a 1 MiB chunk at a time as they
  // arrive, read back as a stream by whichever instance runs the import; deleted after a day.
  await db.schema
    .createTable("import_uploads")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull().defaultTo(0))
    // Null while it is still arriving: only a complete upload can be imported.
    .addColumn("completed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("import_uploads_by_expiry").on("import_uploads").columns(["expires_at"]).execute();
  const bytes = dialectOf(db) === "postgres" ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("import_upload_chunks")
    .addColumn("upload_id", "text", (c) => c.notNull().references("import_uploads.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("data", bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint("import_upload_chunks_pk", ["upload_id", "seq"])
    .execute();

  await db.schema.alterTable("votes").addColumn("import_id", "text").execute();
  // A re-run asks whether a merged post's voter voted already: their vote sits on the canonical post.
  await db.schema.createIndex("votes_by_origin").on("votes").columns(["origin_post_id", "user_id"]).where(sql.ref("origin_post_id"), "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("votes_by_origin").execute();
  await db.schema.alterTable("votes").dropColumn("import_id").execute();
  await db.schema.dropTable("import_upload_chunks").execute();
  await db.schema.dropTable("import_uploads").execute();
  await db.schema.dropTable("import_records").execute();
  await db.schema.dropTable("imports").execute();
}
