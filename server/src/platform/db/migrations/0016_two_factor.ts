import type { Kysely } from "kysely";

// Two-factor sign-in for the team: an account's TOTP secret (pending until a first code confirms
// it), the last time step a code was used at (so a code works once), one-time recovery codes
// stored as hashes, what second factor a session was made with, and a workspace's rule that every
// member has one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("accounts").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("accounts").addColumn("totp_pending_secret", "text").execute();
  await db.schema.alterTable("accounts").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("accounts").addColumn("totp_last_step", "integer").execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_by_account").on("recovery_codes").column("account_id").execute();
  await db.schema.alterTable("sessions").addColumn("second_factor", "text").execute();
  await db.schema
    .alterTable("workspaces")
    .addColumn("require_two_factor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspaces").dropColumn("require_two_factor").execute();
  await db.schema.alterTable("sessions").dropColumn("second_factor").execute();
  await db.schema.dropTable("recovery_codes").execute();
  for (const column of ["totp_last_step", "totp_enabled_at", "totp_pending_secret", "totp_secret"]) {
    await db.schema.alterTable("accounts").dropColumn(column).execute();
  }
}
