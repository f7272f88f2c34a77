import type { Kysely } from "kysely";

// The language a workspace's portal and mails speak to a reader whose browser names none Heed
// speaks (and who chose none): English until the team picks another.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("workspaces")
    .addColumn("portal_language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspaces").dropColumn("portal_language").execute();
}
