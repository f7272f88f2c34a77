import type { Kysely } from "kysely";

// Whether an idea an end user posts on the portal (or the widget) starts with its author's vote,
// as Canny and Featurebase do: on (1) unless the workspace turns it off.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("workspaces")
    .addColumn("author_votes", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspaces").dropColumn("author_votes").execute();
}
