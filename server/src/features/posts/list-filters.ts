import { STATUS_CATEGORIES } from "../../../../packages/shared/src/status-categories.js";
import type { z } from "@hono/zod-openapi";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Ctx, Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import type { Database } from "../../platform/db/schema.js";
import { HeedError } from "../../platform/errors.js";
import { DAY_MS, isoAt, nowMs } from "../../platform/lib/clock.js";
import { matchingPostIds, type PreparedSearch } from "../../platform/search/query.js";
import { openSuggestionOf } from "./duplicates/suggestions.js";
import type { ListPostsQuery } from "./schema.js";
import { publicBoardIds } from "./view.js";

// The filters of a list of posts, one table: what each one's condition is, how its value reaches
// the statement compiled once per shape (list-statement.ts), what its id names (filter-references.ts).
// Its order is the order of the values a cursor is bound to (list-order.ts) and of the conditions,
// those every list applies (`unset`) first. A new filter is its field in the query (schema.ts) and
// its entry here.

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
type Where = ExpressionBuilder<PostsAndStatuses, "p" | "s">;

/** A table an id a filter names may be in. */
type NamedTable = "boards" | "statuses" | "tags" | "members" | "users" | "companies";

interface Filter<Value> {
  /** The condition on `p` (posts) and `s` (their statuses) of the filter set to `value`. */
  where(eb: Where, value: Value, ctx: Ctx): Expression<SqlBool>;
  /** The condition when the filter is not set, for a filter every list applies. */
  unset?: (eb: Where) => Expression<SqlBool>;
  /**
   * The statement's parameter for `value`; undefined when the value is written into the SQL, as is
   * every value of a filter without it (each such value is a statement of its own).
   */
  bound?: (value: Value, ctx: Ctx) => unknown;
  /** Its condition reads the clock: the statement is built for each request, never compiled once. */
  perRequest?: true;
  /** The objects its id names, by the id's prefix: a filter that is stored refuses another workspace's. */
  names?: { tables: Record<string, NamedTable>; what: string };
}

type Filters = { [Name in keyof PostFilters]-?: Filter<NonNullable<PostFilters[Name]>> };

const isCategory = (status: string) => (STATUS_CATEGORIES as readonly string[]).includes(status);
const asIs = <Value>(value: Value) => value;

const FILTERS: Filters = {
  boardId: { where: (eb, id) => eb("p.board_id", "=", id), bound: asIs, names: { tables: { brd_: "boards" }, what: "board" } },
  status: {
    where: (eb, status) => (isCategory(status) ? eb("s.category", "=", status as (typeof STATUS_CATEGORIES)[number]) : eb("p.status_id", "=", status)),
    bound: (status) => (isCategory(status) ? undefined : status),
    names: { tables: { sts_: "statuses" }, what: "status" },
  },
  tag: {
    where: (eb, id) => eb("p.id", "in", eb.selectFrom("post_tags").select("post_id").where("tag_id", "=", id)),
    bound: asIs,
    names: { tables: { tag_: "tags" }, what: "tag" },
  },
  authorId: {
    where: (eb, id) => eb("p.author_id", "=", id),
    bound: asIs,
    names: { tables: { usr_: "users", mem_: "members" }, what: "end user or member" },
  },
  // `none`: posts nobody owns yet, the triage queue; `me`: the signed-in member's.
  ownerId: {
    where: (eb, owner, ctx) => (owner === "none" ? eb("p.owner_id", "is", null) : eb("p.owner_id", "=", ownerIdOf(ctx, owner))),
    bound: (owner, ctx) => (owner === "none" ? undefined : ownerIdOf(ctx, owner)),
    names: { tables: { mem_: "members" }, what: "member" },
  },
  voterId: {
    where: (eb, id) => eb("p.id", "in", eb.selectFrom("votes").select("post_id").where("user_id", "=", id)),
    bound: asIs,
    names: { tables: { usr_: "users" }, what: "end user" },
  },
  companyId: {
    where: (eb, id, ctx) => {
      const companyUsers = eb.selectFrom("users").select("id").where("workspace_id", "=", ctx.workspace.id).where("company_id", "=", id);
      return eb("p.id", "in", eb.selectFrom("votes").select("post_id").where("user_id", "in", companyUsers));
    },
    bound: asIs,
    names: { tables: { cmp_: "companies" }, what: "company" },
  },
  possibleDuplicate: { where: (eb) => eb.exists(openSuggestionOf(eb)) },
  seen: { where: (eb, seen) => eb("p.seen_at", seen === "true" ? "is not" : "is", null) },
  unanswered: { where: (eb) => eb.not(eb.exists(teamReplyTo(eb))) },
  inactiveDays: { where: (eb, days) => eb("p.last_activity_at", "<", isoAt(nowMs() - days * DAY_MS)), perRequest: true },
  // A held post is on one list only, the team's Held view, beside the posts whose comments wait.
  // `held = 1` is written into the SQL for the partial index on held posts, as heldCommentOf's is.
  held: { where: (eb) => eb.or([eb("p.held", "=", sql.lit(1)), eb.exists(heldCommentOf(eb))]), unset: (eb) => eb("p.held", "=", 0) },
};

export const FILTER_NAMES = Object.keys(FILTERS) as (keyof PostFilters)[];

/** The filter's table entry, typed for any of its values. */
export function filterOf(name: keyof PostFilters): Filter<unknown> {
  return FILTERS[name] as Filter<unknown>;
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
function teamReplyTo(eb: Where) {
  return eb
    .selectFrom("comments as c")
    .select("c.id")
    .whereRef("c.post_id", "=", "p.id")
    .where("c.internal", "=", 0)
    .where("c.deleted_at", "is", null)
    .where((w) => w.or([w("c.author_id", "is", null), w("c.author_id", "like", "mem_%")]));
}

/** A comment of the post that waits for approval. */
function heldCommentOf(eb: Where) {
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
 * The condition every list of posts shares, as one expression over `p` (posts) and `s` (their
 * statuses): the workspace, not deleted or merged, what every list applies, the scope, then each
 * filter set. Lists and counts both use it, so a count always agrees with the list it sits beside.
 */
export function postFilters(eb: Where, db: Db | Tx, ctx: Ctx, input: PostFilters, scope: PostListScope, search?: PreparedSearch): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb("p.workspace_id", "=", ctx.workspace.id), eb("p.deleted_at", "is", null), eb("p.merged_into_id", "is", null)];
  for (const name of FILTER_NAMES) {
    const filter = filterOf(name);
    if (filter.unset) conditions.push(input[name] ? filter.where(eb, input[name], ctx) : filter.unset(eb));
  }
  if (scope.publicBoardsOnly) conditions.push(eb("p.board_id", "in", publicBoardIds(db, ctx)));
  for (const name of FILTER_NAMES) {
    const filter = filterOf(name);
    if (!filter.unset && input[name]) conditions.push(filter.where(eb, input[name], ctx));
  }
  if (search) conditions.push(eb("p.id", "in", sql<string>`(${matchingPostIds(ctx.services.dialect, ctx.workspace.id, search)})`));
  return eb.and(conditions);
}
