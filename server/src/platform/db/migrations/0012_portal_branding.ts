import type { Kysely } from "kysely";

// The portal in the workspace's colours: its logo (an https image) and accent colour; and whether
// readers may sign in as guests with a name and an email (unverified, so off unless turned on).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspaces").addColumn("portal_logo_url", "text").execute();
  await db.schema.alterTable("workspaces").addColumn("portal_accent_color", "text").execute();
  await db.schema
    .alterTable("workspaces")
    .addColumn("portal_guest_access", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["portal_guest_access", "portal_accent_color", "portal_logo_url"]) {
    await db.schema.alterTable("workspaces").dropColumn(column).execute();
  }
}
