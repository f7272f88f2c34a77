import { STATUS_CATEGORIES } from "../../../../packages/shared/src/status-categories.js";
import type { z } from "@hono/zod-openapi";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { LRUCache } from "lru-cache";
import { processCache } from "../../platform/cache/registry.js";
import { compiledOnce } from "../../platform/db/compiled-once.js";
import { type Db, dialectOf } from "../../platform/db/database.js";
import type { Database } from "../../platform/db/schema.js";
import type { ListPostsQuery, PostSort } from "./schema.js";
import { reader, type Ctx, type Tx } from "../../platform/context.js";
import type { CursorKind, CursorValue } from "../../platform/pagination/cursor.js";
import { afterCursor, toPage, type Page } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { bestMatches, bestMatchesIn, matchingPostIds, prepareSearch, scoredPosts, type PreparedSearch } from "../../platform/search/query.js";
import { queryTerms } from "../../platform/search/text.js";
import { HeedError } from "../../platform/errors.js";
import { DAY_MS, isoAt, nowMs } from "../../platform/lib/clock.js";
import { publicBoardIds, selectPosts, toPostViews, type PostRow, type PostView } from "./view.js";
import { openSuggestionOf } from "./duplicates/suggestions.js";

// Each sort is one indexed column, scanned with the id as tie-breaker (indexes posts_by_*).
const SORTS = {
  newest: { column: "created_at", kind: "string", direction: "desc" },
  oldest: { column: "created_at", kind: "string", direction: "asc" },
  votes: { column: "vote_count", kind: "number", direction: "desc" },
  trending: { column: "trending_count", kind: "number", direction: "desc" },
  comments: { column: "comment_count", kind: "number", direction: "desc" },
  updated: { column: "updated_at", kind: "string", direction: "desc" },
  revenue: { column: "revenue", kind: "number", direction: "desc" },
} as const satisfies Record<PostSort, { column: keyof PostRow; kind: CursorKind; direction: "asc" | "desc" }>;

/** The filters, sort and page of a list; `status` is a status id, or a category to list e.g. every `active` post. */
export type ListPostsInput = z.output<typeof ListPostsQuery>;

/** Which posts a list may show beyond the filters: the portal's lists see public boards only. */
export interface PostListScope {
  /** Names the list in its cursors, so a cursor of one list is refused by another. */
  name: string;
  publicBoardsOnly?: boolean;
  /** `q` is whole text (a post's title), not words being typed: its last word is no prefix. */
  wholeWords?: boolean;
}

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
  // The cursor is bound to the query as typed (normalised), not to its typo corrections, which
  // may change while a reader pages as posts are written.
  const queryKey = JSON.stringify([
    scope.name,
    ctx.workspace.id,
    sortName,
    input.boardId,
    input.status,
    input.tag,
    input.authorId,
    input.ownerId,
    input.voterId,
    input.companyId,
    input.possibleDuplicate,
    input.seen,
    input.unanswered,
    input.inactiveDays,
    input.held,
    input.q === undefined ? undefined : queryTerms(input.q, scope.wholeWords),
  ]);
  const search = input.q === undefined ? undefined : await prepareSearch(db, ctx.services.dialect, ctx.workspace.id, input.q, scope.wholeWords);
  // Words that search nothing (`q` of stop words only) find no post.
  if (input.q !== undefined && !search) return { data: [], nextCursor: null };
  if (sortName === "relevance") return relevancePage(db, ctx, input, scope, search!, queryKey);

  const sort = SORTS[sortName];
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, [sort.kind, "string"]);
  const rows =
    search === undefined && input.inactiveDays === undefined && !db.isTransaction
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

/** The page's statement, sorted by a column and seeking past the cursor's key. */
export function sortedPage(
  db: Db | Tx,
  ctx: Ctx,
  input: ListPostsInput,
  scope: PostListScope,
  sortName: keyof typeof SORTS,
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

// The page's statement of each shape (which filters are set, which sort, first page or not),
// built and compiled once, then run with each request's values: building and compiling it cost an
// uncached list about 8% of its CPU. A search or `inactiveDays` (a time worked out per request)
// is built each time, as is a read inside a transaction (a handle of its own).
const pageShapes = processCache("postPageShapes", () => new LRUCache<string, ReturnType<typeof compiledPage>>({ max: 500 }));

type PageValue = "workspaceId" | "boardId" | "statusId" | "tag" | "authorId" | "ownerId" | "voterId" | "companyId" | "afterKey" | "afterId" | "limit";

function compiledPage(names: PageValue[], input: ListPostsInput, scope: PostListScope, sortName: keyof typeof SORTS, statusCategory: boolean) {
  return compiledOnce(names, (db, v) => {
    // Every value the statement varies by is a stand-in here; what decides its shape is the real input's.
    const shaped = { services: { dialect: dialectOf(db) }, workspace: { id: v.workspaceId }, actor: { type: "system" } } as unknown as Ctx;
    const standIns = {
      ...input,
      boardId: v.boardId,
      status: statusCategory ? input.status : v.statusId,
      tag: v.tag,
      authorId: v.authorId,
      ownerId: input.ownerId === "none" ? "none" : v.ownerId,
      voterId: v.voterId,
      companyId: v.companyId,
    };
    return sortedPage(db, shaped, standIns, scope, sortName, names.includes("afterKey") ? [v.afterKey, v.afterId] : undefined, v.limit);
  });
}

export function pageStatement(
  db: Db,
  ctx: Ctx,
  input: ListPostsInput,
  scope: PostListScope,
  sortName: keyof typeof SORTS,
  after: readonly CursorValue[] | undefined,
) {
  const statusCategory = input.status !== undefined && (STATUS_CATEGORIES as readonly string[]).includes(input.status);
  const values: Partial<Record<PageValue, unknown>> = {
    workspaceId: ctx.workspace.id,
    boardId: input.boardId,
    statusId: statusCategory ? undefined : input.status,
    tag: input.tag,
    authorId: input.authorId,
    ownerId: input.ownerId === undefined || input.ownerId === "none" ? undefined : ownerIdOf(ctx, input.ownerId),
    voterId: input.voterId,
    companyId: input.companyId,
    afterKey: after?.[0],
    afterId: after?.[1],
    limit: input.limit + 1,
  };
  const names = (Object.keys(values) as PageValue[]).filter((name) => values[name] !== undefined);
  const shapeKey = JSON.stringify([
    sortName,
    names,
    scope.publicBoardsOnly ?? false,
    statusCategory ? input.status : null,
    input.ownerId === "none",
    input.held ?? false,
    input.possibleDuplicate ?? false,
    input.seen ?? null,
    input.unanswered ?? false,
  ]);
  let compiled = pageShapes.get(shapeKey);
  if (!compiled) {
    compiled = compiledPage(names, input, scope, sortName, statusCategory);
    pageShapes.set(shapeKey, compiled);
  }
  return compiled(db, values as Record<PageValue, unknown>);
}

type Ranked = { post_id: string; score: number };

/**
 * The page's ids by relevance, ranking every match: the page's ids are ranked with only the columns
 * the filters read (thousands of matches are sorted, so every column carried costs).
 */
async function rankedFromAll(
  db: Db | Tx,
  ctx: Ctx,
  input: ListPostsInput,
  scope: PostListScope,
  search: PreparedSearch,
  after: [number, string] | undefined,
): Promise<Ranked[]> {
  const scored = sql<Ranked>`(${scoredPosts(ctx.services.dialect, ctx.workspace.id, search)})`.as("r");
  let ranking = db
    .selectFrom(scored)
    .innerJoin("posts as p", "p.id", "r.post_id")
    .innerJoin("statuses as s", "s.id", "p.status_id")
    .select(["r.post_id", "r.score"])
    .where((eb) => postFilters(eb, db, ctx, input, scope));
  if (after) ranking = ranking.where((eb) => eb(eb.refTuple("r.score", "r.post_id"), "<", eb.tuple(...after)));
  return ranking
    .orderBy("r.score", "desc")
    .orderBy("r.post_id", "desc")
    .limit(input.limit + 1)
    .execute();
}

/** How many of the index's best matches are read first, how much more each time they are not enough, and the most. */
const BEST_FIRST = 200;
const BEST_GROWTH = 4;
const BEST_MOST = 12_800;

/**
 * The index's `k` best matches as (post id, score), best first, the page's filters not yet read.
 * SQLite asks FTS5 for them across every workspace (its ranked index knows no workspace) and
 * names each match's post with the workspace's own; PostgreSQL ranks the workspace's alone.
 */
async function bestOf(db: Db | Tx, ctx: Ctx, search: PreparedSearch, k: number): Promise<{ every: boolean; trusted: (r: Ranked) => boolean; best: Ranked[] }> {
  if (ctx.services.dialect === "postgres") {
    // Ranked by (score, id), a total order: every match not read ranks below the k read, so all
    // of these are trusted, however many share a score (PostgreSQL's scores tie by the thousand).
    const best = await bestMatchesIn(db, ctx.workspace.id, search, k);
    return { every: best.length < k, trusted: () => true, best };
  }
  // FTS5 orders ties as it likes: a match not read may score as much as the k-th, so only what
  // scores above it is trusted (fewer than k read: every match was, and every one is).
  const best = await bestMatches(db, search, k);
  const every = best.length < k;
  const floor = every ? Number.NEGATIVE_INFINITY : best[best.length - 1]!.score;
  const rows =
    best.length === 0
      ? []
      : await db
          .selectFrom("post_search as ps")
          .select([sql<number>`ps.id`.as("rowid"), "ps.post_id"])
          .where((eb) =>
            eb(
              sql<number>`ps.id`,
              "in",
              best.map((b) => b.rowid),
            ),
          )
          .where("ps.workspace_id", "=", ctx.workspace.id)
          .execute();
  const postOf = new Map(rows.map((r) => [r.rowid, r.post_id]));
  return {
    every,
    trusted: (r) => r.score > floor,
    best: best.flatMap((b) => (postOf.has(b.rowid) ? [{ post_id: postOf.get(b.rowid)!, score: b.score }] : [])),
  };
}

/**
 * The page's ids from the index's best matches only, when they hold the page: exactly the page
 * ranking every match gives. A match the filters or the cursor drop makes room for the next, and
 * only matches nothing unread can outrank are trusted (bestOf says which), so k grows until the
 * page is full or every match was read. Undefined past BEST_MOST matches: ranking
 * them all costs less than reading more.
 */
async function rankedFromBest(
  db: Db | Tx,
  ctx: Ctx,
  input: ListPostsInput,
  scope: PostListScope,
  search: PreparedSearch,
  after: [number, string] | undefined,
): Promise<Ranked[] | undefined> {
  for (let k = BEST_FIRST; k <= BEST_MOST; k *= BEST_GROWTH) {
    const { every, trusted, best } = await bestOf(db, ctx, search, k);
    const scoreOf = new Map(best.map((b) => [b.post_id, b.score]));
    const kept =
      best.length === 0
        ? []
        : await db
            .selectFrom("posts as p")
            .innerJoin("statuses as s", "s.id", "p.status_id")
            .select("p.id")
            .where("p.id", "in", [...scoreOf.keys()])
            .where((eb) => postFilters(eb, db, ctx, input, scope))
            .execute();
    const ranked = kept
      .map((r) => ({ post_id: r.id, score: scoreOf.get(r.id)! }))
      .filter((r) => trusted(r) && (!after || r.score < after[0] || (r.score === after[0] && r.post_id < after[1])))
      .sort((a, b) => b.score - a.score || (a.post_id < b.post_id ? 1 : -1));
    if (ranked.length > input.limit || every) return ranked.slice(0, input.limit + 1);
  }
  return undefined;
}

/**
 * The posts a search finds, most relevant first (ties by id), paged by (score, id). A score depends
 * on the whole index (how rare each word is), so posts written while a reader pages may move a
 * post across the page boundary: relevance pages do not promise what the column sorts do.
 */
async function relevancePage(
  db: Db | Tx,
  ctx: Ctx,
  input: ListPostsInput,
  scope: PostListScope,
  search: PreparedSearch,
  queryKey: string,
): Promise<Page<PostRow>> {
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, ["number", "string"]);
  const ranked = (await rankedFromBest(db, ctx, input, scope, search, after)) ?? (await rankedFromAll(db, ctx, input, scope, search, after));
  const found =
    ranked.length === 0
      ? []
      : await selectPosts(db)
          .where(
            "p.id",
            "in",
            ranked.map((r) => r.post_id),
          )
          .execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ranked.flatMap((r) => {
    const row = byId.get(r.post_id);
    return row ? [{ ...row, score: r.score }] : [];
  });
  return toPage(
    rows,
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [Number(r.score), r.id],
    (rs) => rs,
  );
}

/** `me` is the member acting; a key or the operator is nobody's "me". */
function ownerIdOf(ctx: Ctx, ownerId: string): string {
  if (ownerId !== "me") return ownerId;
  if (ctx.actor.type === "member" && ctx.actor.id) return ctx.actor.id;
  throw new HeedError("validation_failed", "`ownerId=me` names the signed-in member: an API key is no member.", {
    errors: [{ pointer: "/query/ownerId", code: "invalid", detail: "`me` needs a dashboard session." }],
  });
}

/** A public comment by the team on post `p`: a member's, or the team's through a key (no author). */
function teamReplyTo(eb: ExpressionBuilder<PostsAndStatuses, "p" | "s">) {
  return eb
    .selectFrom("comments as c")
    .select("c.id")
    .whereRef("c.post_id", "=", "p.id")
    .where("c.internal", "=", 0)
    .where("c.deleted_at", "is", null)
    .where((w) => w.or([w("c.author_id", "is", null), w("c.author_id", "like", "mem_%")]));
}

/** A comment of the post that waits for approval. */
function heldCommentOf(eb: ExpressionBuilder<PostsAndStatuses, "p" | "s">) {
  return (
    eb
      .selectFrom("comments as c")
      .select("c.id")
      .whereRef("c.workspace_id", "=", "p.workspace_id")
      .whereRef("c.post_id", "=", "p.id")
      // Written into the SQL, not bound: SQLite plans once (planner-stability.ts), so only a literal
      // lets it read the partial index on held comments.
      .where("c.held", "=", sql.lit(1))
      .where("c.deleted_at", "is", null)
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

/** What a list's filters may name; the portal's lists pass fewer (never an owner). */
export type PostFilters = Pick<
  ListPostsInput,
  "boardId" | "status" | "tag" | "authorId" | "possibleDuplicate" | "seen" | "unanswered" | "inactiveDays" | "held"
> & {
  ownerId?: string | undefined;
  voterId?: string | undefined;
  companyId?: string | undefined;
};

type PostsAndStatuses = Database & { p: Database["posts"]; s: Database["statuses"] };

/**
 * The condition every list of posts shares, as one expression over `p` (posts) and `s` (their
 * statuses): the workspace, not deleted or merged, and the filters. Lists and counts both use it,
 * so a count always agrees with the list it sits beside.
 */
export function postFilters(
  eb: ExpressionBuilder<PostsAndStatuses, "p" | "s">,
  db: Db | Tx,
  ctx: Ctx,
  input: PostFilters,
  scope: PostListScope,
  search?: PreparedSearch,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb("p.workspace_id", "=", ctx.workspace.id), eb("p.deleted_at", "is", null), eb("p.merged_into_id", "is", null)];
  // A held post is on one list only, the team's Held view, beside the posts whose comments wait.
  // `held = 1` is written into the SQL for the partial index on held posts, as heldCommentOf's is.
  conditions.push(input.held ? eb.or([eb("p.held", "=", sql.lit(1)), eb.exists(heldCommentOf(eb))]) : eb("p.held", "=", 0));
  if (scope.publicBoardsOnly) conditions.push(eb("p.board_id", "in", publicBoardIds(db, ctx)));
  if (input.boardId) conditions.push(eb("p.board_id", "=", input.boardId));
  if (input.status) {
    conditions.push(
      (STATUS_CATEGORIES as readonly string[]).includes(input.status)
        ? eb("s.category", "=", input.status as (typeof STATUS_CATEGORIES)[number])
        : eb("p.status_id", "=", input.status),
    );
  }
  if (input.tag) conditions.push(eb("p.id", "in", eb.selectFrom("post_tags").select("post_id").where("tag_id", "=", input.tag)));
  if (input.authorId) conditions.push(eb("p.author_id", "=", input.authorId));
  // `none`: posts nobody owns yet, the triage queue; `me`: the signed-in member's.
  if (input.ownerId) conditions.push(input.ownerId === "none" ? eb("p.owner_id", "is", null) : eb("p.owner_id", "=", ownerIdOf(ctx, input.ownerId)));
  if (input.voterId) conditions.push(eb("p.id", "in", eb.selectFrom("votes").select("post_id").where("user_id", "=", input.voterId)));
  if (input.companyId) {
    const companyUsers = eb.selectFrom("users").select("id").where("workspace_id", "=", ctx.workspace.id).where("company_id", "=", input.companyId);
    conditions.push(eb("p.id", "in", eb.selectFrom("votes").select("post_id").where("user_id", "in", companyUsers)));
  }
  if (input.possibleDuplicate) conditions.push(eb.exists(openSuggestionOf(eb)));
  if (input.seen) conditions.push(eb("p.seen_at", input.seen === "true" ? "is not" : "is", null));
  if (input.unanswered) conditions.push(eb.not(eb.exists(teamReplyTo(eb))));
  if (input.inactiveDays) conditions.push(eb("p.last_activity_at", "<", isoAt(nowMs() - input.inactiveDays * DAY_MS)));
  if (search) conditions.push(eb("p.id", "in", sql<string>`(${matchingPostIds(ctx.services.dialect, ctx.workspace.id, search)})`));
  return eb.and(conditions);
}
