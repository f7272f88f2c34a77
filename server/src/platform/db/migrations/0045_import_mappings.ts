import type { Kysely } from "kysely";

// The column mapping a workspace last used for files with a given set of columns (features/imports
// mappings.ts): the next file with the same columns starts from it, whoever uploads it, in any
// browser. Known by the set's hash, as a header of hundreds of columns is too long for an index entry.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("import_mappings")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    // `csv` or `uservoice`, and the kind of file (`posts`, `votes`, …).
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // SHA-256 (hex) of `columns`, the normalised, sorted column names as a JSON array.
    .addColumn("columns_hash", "text", (c) => c.notNull())
    .addColumn("columns", "text", (c) => c.notNull())
    // JSON: the kind's fields → columns, and (posts) the status names → statuses.
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("statuses", "text", (c) => c.notNull().defaultTo("{}"))
    // The import that used it last (kept when that import is undone: the mapping is the team's choice).
    .addColumn("import_id", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("import_mappings_pk", ["workspace_id", "source", "kind", "columns_hash"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("import_mappings").execute();
}
