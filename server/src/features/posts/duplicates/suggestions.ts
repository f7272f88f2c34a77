import type { ExpressionBuilder } from "kysely";
import type { Database } from "../../../platform/db/schema.js";

/** What the team's Post shows of its best open suggestion. */
export interface PossibleDuplicateOf {
  id: string;
  title: string;
  similarity: number;
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
