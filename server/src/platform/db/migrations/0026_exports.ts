import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

// A workspace's export (features/exports): a job that writes the archive into the database a chunk
// at a time, so any instance can serve its download and no process holds the archive in memory.
// Chunks go with their export (cascade) when it expires.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("exports")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    // queued → running → done | failed; a running export whose lease lapsed starts again.
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("counts", "text", (c) => c.notNull().defaultTo("{}"))
    // bigint: an archive may pass 2 GiB, the end of a PostgreSQL integer.
    .addColumn("bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("locked_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("exports_by_state").on("exports").columns(["state", "created_at"]).execute();
  await db.schema.createIndex("exports_by_workspace").on("exports").columns(["workspace_id", "id"]).execute();
  await db.schema.createIndex("exports_by_expiry").on("exports").columns(["expires_at"]).execute();

  const bytes = dialectOf(db) === "postgres" ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("export_chunks")
    .addColumn("export_id", "text", (c) => c.notNull().references("exports.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("data", bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint("export_chunks_pk", ["export_id", "seq"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("export_chunks").execute();
  await db.schema.dropTable("exports").execute();
}
