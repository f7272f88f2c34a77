import { reader, type Ctx, type Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { HeedError } from "../../platform/errors.js";
import { afterCursor, toPage, type Page } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { prepareSearch } from "../../platform/search/query.js";
import { type ListPostsInput, type PostFilters, type PostListScope, postFilters } from "./list-filters.js";
import { listQueryKey, SORTS, sortedPage } from "./list-order.js";
import { relevancePage } from "./list-relevance.js";
import { compilable, pageStatement } from "./list-statement.js";
import { toPostViews, type PostRow, type PostView } from "./view.js";

// A list of posts: one page, by a column's order (list-order.ts) or by relevance to a search
// (list-relevance.ts), of the posts the filters select (list-filters.ts).

/**
 * Keyset (seek) paging: the cursor holds the sort value and id of the last row shown, so a deep page
 * costs what the first does and inserts during a walk neither skip nor repeat rows. Merged and
 * deleted posts are left out.
 */
export async function listPosts({ ctx, input }: { ctx: Ctx; input: ListPostsInput }): Promise<Page<PostView>> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  const page = await postPage(db, ctx, input, { name: "posts" });
  return { data: toPostViews(ctx, page.data), nextCursor: page.nextCursor };
}

/** One page of post rows; callers check access first and shape the rows for their audience. */
export async function postPage(db: Db | Tx, ctx: Ctx, input: ListPostsInput, scope: PostListScope): Promise<Page<PostRow>> {
  const sortName = input.sort ?? (input.q === undefined ? "newest" : "relevance");
  if (sortName === "relevance" && input.q === undefined) {
    throw new HeedError("validation_failed", "sort=relevance ranks the posts a search finds: give `q` too.", {
      errors: [{ pointer: "/query/sort", code: "invalid", detail: "`relevance` needs `q`." }],
    });
  }
  const queryKey = listQueryKey(ctx, input, scope, sortName);
  const search = input.q === undefined ? undefined : await prepareSearch(db, ctx.services.dialect, ctx.workspace.id, input.q, scope.wholeWords);
  // Words that search nothing (`q` of stop words only) find no post.
  if (input.q !== undefined && !search) return { data: [], nextCursor: null };
  if (sortName === "relevance") return relevancePage(db, ctx, input, scope, search!, queryKey);

  const sort = SORTS[sortName];
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, [sort.kind, "string"]);
  const rows =
    search === undefined && compilable(input) && !db.isTransaction
      ? (await db.executeQuery(pageStatement(db, ctx, input, scope, sortName, after))).rows
      : await sortedPage(db, ctx, input, scope, sortName, after, input.limit + 1, search).execute();
  return toPage(
    rows,
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r[sort.column], r.id],
    (rs) => rs,
  );
}

/**
 * Every post the filters select (a search's words match any, as in the list), as a query of `p.id`;
 * undefined when `q` holds nothing to search, so nothing matches. For work over all of them.
 */
export async function matchingPosts(db: Db | Tx, ctx: Ctx, input: PostFilters & { q?: string | undefined }) {
  const search = input.q === undefined ? undefined : await prepareSearch(db, ctx.services.dialect, ctx.workspace.id, input.q);
  if (input.q !== undefined && !search) return undefined;
  return db
    .selectFrom("posts as p")
    .innerJoin("statuses as s", "s.id", "p.status_id")
    .where((eb) => postFilters(eb, db, ctx, input, { name: "matching" }, search));
}
