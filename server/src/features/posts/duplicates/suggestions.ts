import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.js";

/** What the team's Post shows of its best open suggestion. */
export interface PossibleDuplicateOf {
  id: string;
  title: string;
  similarity: number;
}

/**
 * For each of `postIds`, the closest earlier post it may repeat: suggestions not dismissed whose
 * post is still live (a post merged or deleted since is no longer offered). One query for a page.
 */
export async function possibleDuplicatesOf(db: Kysely<Database>, workspaceId: string, postIds: string[]): Promise<Map<string, PossibleDuplicateOf>> {
  const out = new Map<string, PossibleDuplicateOf>();
  if (postIds.length === 0) return out;
  const rows = await db
    .selectFrom("duplicate_suggestions as ds")
    .innerJoin("posts as o", "o.id", "ds.duplicate_of_id")
    .select(["ds.post_id", "ds.duplicate_of_id", "ds.similarity", "o.title"])
    .where("ds.workspace_id", "=", workspaceId)
    .where("ds.post_id", "in", postIds)
    .where("ds.dismissed_at", "is", null)
    .where("o.merged_into_id", "is", null)
    .where("o.deleted_at", "is", null)
    .orderBy("ds.similarity", "desc")
    .orderBy("ds.duplicate_of_id")
    .execute();
  for (const row of rows) {
    if (!out.has(row.post_id)) out.set(row.post_id, { id: row.duplicate_of_id, title: row.title, similarity: Number(row.similarity) });
  }
  return out;
}

/** A suggestion still open for post `p`, as a subquery for the list filter `possibleDuplicate=true`. */
export function openSuggestionOf(eb: ExpressionBuilder<Database & { p: Database["posts"] }, "p">) {
  return eb
    .selectFrom("duplicate_suggestions as ds")
    .innerJoin("posts as o", "o.id", "ds.duplicate_of_id")
    .select("ds.post_id")
    .whereRef("ds.post_id", "=", "p.id")
    .whereRef("ds.workspace_id", "=", "p.workspace_id")
    .where("ds.dismissed_at", "is", null)
    .where("o.merged_into_id", "is", null)
    .where("o.deleted_at", "is", null);
}
