import { type Kysely, sql } from "kysely";

// Every post written before possible duplicates were looked for is queued once for its check,
// so the Possible duplicates view covers a workspace's whole history, not only what came after.
// The background check (features/posts/duplicates) works through them, oldest first; a post
// checked again keeps the suggestions the team dismissed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into duplicate_checks (post_id, workspace_id, queued_at)
    select id, workspace_id, created_at from posts
    where deleted_at is null and merged_into_id is null and held = 0
      and id not in (select post_id from duplicate_checks)
      and id not in (select post_id from duplicate_suggestions)`.execute(db);
}

/** Nothing of the schema changed: the queued checks are work, done or not, and stay. */
export async function down(): Promise<void> {}
