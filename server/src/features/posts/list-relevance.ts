import { sql } from "kysely";
import type { Ctx, Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { afterCursor, toPage, type Page } from "../../platform/pagination/page.js";
import { bestMatches, bestMatchesIn, scoredPosts, type PreparedSearch } from "../../platform/search/query.js";
import { type ListPostsInput, type PostListScope, postFilters } from "./list-filters.js";
import { selectPosts, type PostRow } from "./view.js";

// A list of posts by relevance to a search: the page's ids ranked from the index's best matches
// when they hold the page, else from every match, then the page's rows read by id.

type Ranked = { post_id: string; score: number };

/** What ranks one page: the search, the list's filters and scope, and where the page starts. */
interface Ranking {
  db: Db | Tx;
  ctx: Ctx;
  input: ListPostsInput;
  scope: PostListScope;
  search: PreparedSearch;
  after: [number, string] | undefined;
}

/**
 * The page's ids by relevance, ranking every match: the page's ids are ranked with only the columns
 * the filters read (thousands of matches are sorted, so every column carried costs).
 */
async function rankedFromAll({ db, ctx, input, scope, search, after }: Ranking): Promise<Ranked[]> {
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
async function rankedFromBest({ db, ctx, input, scope, search, after }: Ranking): Promise<Ranked[] | undefined> {
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
export async function relevancePage(
  db: Db | Tx,
  ctx: Ctx,
  input: ListPostsInput,
  scope: PostListScope,
  search: PreparedSearch,
  queryKey: string,
): Promise<Page<PostRow>> {
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, ["number", "string"]);
  const ranking: Ranking = { db, ctx, input, scope, search, after };
  const ranked = (await rankedFromBest(ranking)) ?? (await rankedFromAll(ranking));
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
