import type { Kysely } from "kysely";

// One counter per workspace, raised by every write transaction that changes what its readers see
// (platform/changes/version.ts). Cached answers and cached credentials carry the counter they were
// made at, and are used only while it stands: one primary-key read per request, the same on every
// instance. Absent row: version 0, so existing workspaces need no backfill.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspace_versions")
    .addColumn("workspace_id", "text", (c) => c.primaryKey().references("workspaces.id").onDelete("cascade"))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("workspace_versions").execute();
}
