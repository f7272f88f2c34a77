import { type Kysely, sql } from "kysely";

// Moderation (features/moderation). `workspaces.moderation`: what an end user's post or comment
// waits for approval under: `off` (nothing), `likely_spam` (what a spam signal marks), `all`.
// `held`: 1 while it waits, and after a rejection (which also deletes it, so a restore puts it
// back in the queue rather than on the portal). `spam_signals`: a JSON array of the signals its
// submission raised, or null. The partial indexes hold only what waits: the Held view and each
// post's count of held comments read them, and they stay as small as the queue.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("workspaces")
    .addColumn("moderation", "text", (c) => c.notNull().defaultTo("off"))
    .execute();
  for (const table of ["posts", "comments"]) {
    await db.schema
      .alterTable(table)
      .addColumn("held", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn("spam_signals", "text").execute();
  }
  await db.schema.createIndex("posts_held").on("posts").columns(["workspace_id", "created_at", "id"]).where(sql.ref("held"), "=", 1).execute();
  await db.schema.createIndex("comments_held").on("comments").columns(["workspace_id", "post_id"]).where(sql.ref("held"), "=", 1).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("comments_held").execute();
  await db.schema.dropIndex("posts_held").execute();
  for (const table of ["comments", "posts"]) {
    await db.schema.alterTable(table).dropColumn("spam_signals").execute();
    await db.schema.alterTable(table).dropColumn("held").execute();
  }
  await db.schema.alterTable("workspaces").dropColumn("moderation").execute();
}
