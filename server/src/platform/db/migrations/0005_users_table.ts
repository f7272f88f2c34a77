import type { Kysely } from "kysely";

// The end users' table takes the word the API publishes for them (`/users`, `usr_`, `user.*`
// events, audit object `user`), so that one word names them from the URL to the table. Foreign
// keys follow a renamed table on both databases. Indexes are rebuilt under the new name (SQLite
// cannot rename an index); the unique constraint keeps its name, which lives inside SQLite's table
// definition and would need a rebuild of the whole table to change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("end_users").renameTo("users").execute();
  await db.schema.dropIndex("end_users_company").execute();
  await db.schema.dropIndex("end_users_by_workspace").execute();
  await db.schema.createIndex("users_company").on("users").columns(["company_id"]).execute();
  await db.schema.createIndex("users_by_workspace").on("users").columns(["workspace_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_by_workspace").execute();
  await db.schema.dropIndex("users_company").execute();
  await db.schema.alterTable("users").renameTo("end_users").execute();
  await db.schema.createIndex("end_users_company").on("end_users").columns(["company_id"]).execute();
  await db.schema.createIndex("end_users_by_workspace").on("end_users").columns(["workspace_id", "id"]).execute();
}
