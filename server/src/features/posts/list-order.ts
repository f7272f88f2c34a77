import type { Ctx, Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import type { CursorKind, CursorValue } from "../../platform/pagination/cursor.js";
import type { PreparedSearch } from "../../platform/search/query.js";
import { queryTerms } from "../../platform/search/text.js";
import { FILTER_NAMES, type ListPostsInput, type PostListScope, postFilters } from "./list-filters.js";
import type { PostSort } from "./schema.js";
import { type PostRow, selectPosts } from "./view.js";

// The order of a list of posts and its keyset (seek) cursor: the cursor holds the sort value and id
// of the last row shown, so a deep page costs what the first does and inserts during a walk
// neither skip nor repeat rows.

// Each sort is one indexed column, scanned with the id as tie-breaker (indexes posts_by_*).
export const SORTS = {
  newest: { column: "created_at", kind: "string", direction: "desc" },
  oldest: { column: "created_at", kind: "string", direction: "asc" },
  votes: { column: "vote_count", kind: "number", direction: "desc" },
  trending: { column: "trending_count", kind: "number", direction: "desc" },
  comments: { column: "comment_count", kind: "number", direction: "desc" },
  updated: { column: "updated_at", kind: "string", direction: "desc" },
  revenue: { column: "revenue", kind: "number", direction: "desc" },
} as const satisfies Record<PostSort, { column: keyof PostRow; kind: CursorKind; direction: "asc" | "desc" }>;

export type SortName = keyof typeof SORTS;

/**
 * What a cursor is bound to: the list, the workspace, the sort, every filter, and the query as typed
 * (normalised), not its typo corrections, which may change while a reader pages as posts are written.
 */
export function listQueryKey(ctx: Ctx, input: ListPostsInput, scope: PostListScope, sortName: SortName | "relevance"): string {
  return JSON.stringify([
    scope.name,
    ctx.workspace.id,
    sortName,
    ...FILTER_NAMES.map((name) => input[name]),
    input.q === undefined ? undefined : queryTerms(input.q, scope.wholeWords),
  ]);
}

/** The page's statement, sorted by a column and seeking past the cursor's key. */
export function sortedPage(
  db: Db | Tx,
  ctx: Ctx,
  input: ListPostsInput,
  scope: PostListScope,
  sortName: SortName,
  after: readonly CursorValue[] | undefined,
  /** `limit + 1`: the extra row says whether another page follows. */
  rowCount: number,
  search?: PreparedSearch,
) {
  const sort = SORTS[sortName];
  let query = selectPosts(db).where((eb) => postFilters(eb, db, ctx, input, scope, search));
  if (after) {
    const op = sort.direction === "desc" ? "<" : ">";
    query = query.where((eb) => eb(eb.refTuple(`p.${sort.column}`, "p.id"), op, eb.tuple(after[0] as never, after[1] as never)));
  }
  return query.orderBy(`p.${sort.column}`, sort.direction).orderBy("p.id", sort.direction).limit(rowCount);
}
