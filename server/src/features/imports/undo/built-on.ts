import { sql } from "kysely";
import type { Tx } from "../../../platform/context.js";
import type { Db } from "../../../platform/db/database.js";

// Whether anything has been built on an import batch since it landed: a vote or comment made in
// Heed on an imported post, a post the team changed, moved or merged, a person who has signed in
// or been identified since, another batch's rows on this one's posts. An undo then would take away
// more than the import brought, so it is refused with the list of what stands on the batch.

export interface BuiltOn {
  what: string;
  count: number;
}

export async function builtOnImport(db: Db | Tx, workspaceId: string, importId: string, finishedAt: string): Promise<BuiltOn[]> {
  const made = (kind: string) => sql`(select object_id from import_records where import_id = ${importId} and kind = ${kind} and created = 1)`;
  const checks: [string, ReturnType<typeof sql<{ n: number | string }>>][] = [
    [
      "votes cast on its posts outside the import",
      sql`select count(*) as n from votes where workspace_id = ${workspaceId} and post_id in ${made("post")} and (import_id is null or import_id <> ${importId})`,
    ],
    [
      "comments written on its posts outside the import",
      sql`select count(*) as n from comments where workspace_id = ${workspaceId} and post_id in ${made("post")} and id not in ${made("comment")}`,
    ],
    [
      "of its posts changed, moved or deleted since",
      sql`select count(*) as n from posts where workspace_id = ${workspaceId} and id in ${made("post")} and (updated_at > ${finishedAt} or deleted_at is not null)`,
    ],
    [
      "changelog entries outside the import announcing its posts",
      sql`select count(*) as n from changelog_entry_posts where workspace_id = ${workspaceId} and post_id in ${made("post")} and entry_id not in ${made("changelog")}`,
    ],
    [
      "of its changelog entries changed since",
      sql`select count(*) as n from changelog_entries where workspace_id = ${workspaceId} and id in ${made("changelog")} and updated_at > ${finishedAt}`,
    ],
    [
      "posts merged into its posts outside the import",
      sql`select count(*) as n from posts where workspace_id = ${workspaceId} and merged_into_id in ${made("post")} and id not in ${made("post")}`,
    ],
    [
      "posts on its boards, statuses or tags outside the import",
      sql`select count(*) as n from posts where workspace_id = ${workspaceId} and id not in ${made("post")} and (board_id in ${made("board")} or status_id in ${made("status")} or id in (select post_id from post_tags where tag_id in ${made("tag")}))`,
    ],
    [
      "votes its people cast outside the import",
      sql`select count(*) as n from votes where workspace_id = ${workspaceId} and user_id in ${made("user")} and (import_id is null or import_id <> ${importId})`,
    ],
    [
      "posts or comments its people wrote outside the import",
      sql`select (select count(*) from posts where workspace_id = ${workspaceId} and author_id in ${made("user")} and id not in ${made("post")}) + (select count(*) from comments where workspace_id = ${workspaceId} and author_id in ${made("user")} and id not in ${made("comment")}) as n`,
    ],
    [
      "of its people seen, identified or changed since",
      sql`select count(*) as n from users where workspace_id = ${workspaceId} and id in ${made("user")} and (last_seen_at is not null or updated_at > ${finishedAt} or deleted_at is not null)`,
    ],
    [
      "of its people signed in to the portal or tracked",
      sql`select (select count(*) from portal_sessions where workspace_id = ${workspaceId} and user_id in ${made("user")}) + (select count(*) from tracked_events where workspace_id = ${workspaceId} and user_id in ${made("user")}) as n`,
    ],
    [
      "people in its companies outside the import",
      sql`select count(*) as n from users where workspace_id = ${workspaceId} and company_id in ${made("company")} and id not in ${made("user")}`,
    ],
  ];
  const found: BuiltOn[] = [];
  for (const [what, query] of checks) {
    const count = Number((await query.execute(db)).rows[0]?.n ?? 0);
    if (count > 0) found.push({ what, count });
  }
  return found;
}
