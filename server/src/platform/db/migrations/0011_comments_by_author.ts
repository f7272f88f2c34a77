import type { Kysely } from "kysely";

// An end user's page lists what they wrote across posts (`GET /users/{id}/comments`), newest
// first: an index by author with the id for keyset order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("comments_by_author").on("comments").columns(["author_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("comments_by_author").execute();
}
