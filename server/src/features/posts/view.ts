import type { z } from "@hono/zod-openapi";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../platform/db/schema.js";
import type { PostSchema } from "./schema.js";
import { authorOf } from "../../platform/authors.js";
import type { Ctx } from "../../platform/context.js";
import type { PossibleDuplicateOf } from "./duplicates/suggestions.js";
import { compiledOnce } from "../../platform/db/compiled-once.js";
import { type Dialect, dialectOf } from "../../platform/db/database.js";
import { spamSignalsOf } from "../../platform/moderation/hold.js";
import { followerCountColumn } from "../notifications/index.js";

type Conn = Kysely<Database>;

/** A post as the API shows it. */
export type PostView = z.output<typeof PostSchema>;

/** Its best open duplicate suggestion as its row reads it: JSON text on SQLite, parsed JSON on PostgreSQL; null for none. */
type SuggestionColumn = string | PossibleDuplicateOf | null;

/**
 * What a post's view needs beside its own row, read with the row in the same statement rather than
 * by queries per page after it (on PostgreSQL each was a round trip). The author's name and the
 * tags are the post's own columns (the read model of migration 0030, kept by triggers): a page of
 * 20 at random cursors over 100k posts costs SQLite 71 µs this way, 213 µs with the authors joined
 * and the tags read by subqueries. Only the JSON functions' names differ between the databases.
 */
function viewColumns(dialect: Dialect) {
  const jsonObject = dialect === "postgres" ? sql.raw("json_build_object") : sql.raw("json_object");
  return [
    // The closest earlier post it may repeat: not dismissed, and still live (a post merged or
    // deleted since is no longer offered).
    sql<SuggestionColumn>`(select ${jsonObject}('id', ds.duplicate_of_id, 'title', o.title, 'similarity', ds.similarity)
      from duplicate_suggestions ds inner join posts o on o.id = ds.duplicate_of_id
      where ds.workspace_id = p.workspace_id and ds.post_id = p.id and ds.dismissed_at is null
        and o.merged_into_id is null and o.deleted_at is null
      order by ds.similarity desc, ds.duplicate_of_id limit 1)`.as("possible_duplicate"),
    // Comments waiting for approval: `held = 1` written out, so SQLite reads its partial index.
    sql<number>`(select count(*) from comments c
      where c.workspace_id = p.workspace_id and c.post_id = p.id and c.held = 1 and c.deleted_at is null)`.as("held_comments"),
    // Who a status change would mail, by the rule the notifications apply (notifications/audience.ts).
    followerCountColumn.as("follower_count"),
  ] as const;
}

/** Posts with their status and the team's marks: one statement for a page, one row per post. */
export function selectPosts(db: Conn) {
  return db
    .selectFrom("posts as p")
    .innerJoin("statuses as s", "s.id", "p.status_id")
    .selectAll("p")
    .select(["s.name as status_name", "s.category as status_category"])
    .select(viewColumns(dialectOf(db)));
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>["executeTakeFirstOrThrow"]>>;

/**
 * One post, as selectPosts shows it, with its status read by subqueries rather than a join. With a
 * join and any value bound, SQLite plans the statement again on every run (binding a value the
 * planner looked at expires the prepared statement): 51 µs a post against 5.7 µs this way, on the
 * bench's database (docs/PERFORMANCE.md). With SQLite's planner stability on
 * (platform/db/planner-stability.ts) neither is planned again; this way still costs least where it
 * is off (no C compiler). A list's statement is planned again on every run whichever way it reads
 * the status when it is off, so lists keep the join, which their filters read.
 */
function selectOnePost(db: Conn) {
  return db
    .selectFrom("posts as p")
    .selectAll("p")
    .select([
      sql<PostRow["status_name"]>`(select s.name from statuses s where s.id = p.status_id)`.as("status_name"),
      sql<PostRow["status_category"]>`(select s.category from statuses s where s.id = p.status_id)`.as("status_category"),
    ])
    .select(viewColumns(dialectOf(db)));
}

const parsed = <T>(column: string | T | null): T | null => (typeof column === "string" ? (JSON.parse(column) as T) : column);

/**
 * Shapes rows into the public Post. The team's marks (duplicate suggestion, held comments) are left
 * out (`null`, 0) of a `publicView`, which the portal strips besides.
 */
export function toPostViews(ctx: Ctx, rows: PostRow[], { publicView = false }: { publicView?: boolean } = {}): PostView[] {
  const portal = `${ctx.services.publicUrl}/p/${ctx.workspace.slug}/posts/`;
  return rows.map((r) => {
    const suggestion = publicView ? null : parsed<PossibleDuplicateOf>(r.possible_duplicate);
    return {
      id: r.id,
      boardId: r.board_id,
      title: r.title,
      body: r.body,
      status: { id: r.status_id, name: r.status_name, category: r.status_category },
      tags: JSON.parse(r.tags_json) as PostView["tags"],
      // The post's author columns hold a user's or a member's name, whichever its id names.
      author: authorOf({ author_id: r.author_id, user_name: r.author_name, user_avatar_url: r.author_avatar_url, member_name: r.author_name }),
      ownerId: r.owner_id,
      voteCount: r.vote_count,
      commentCount: r.comment_count,
      revenue: r.revenue,
      eta: r.eta,
      pinned: r.pinned === 1,
      commentsLocked: r.comments_locked === 1,
      mergedInto: r.merged_into_id,
      possibleDuplicateOf: suggestion && { id: suggestion.id, title: suggestion.title, similarity: Number(suggestion.similarity) },
      url: portal + r.id,
      heldForApproval: r.held === 1,
      spamSignals: spamSignalsOf(r.spam_signals),
      heldComments: publicView ? 0 : Number(r.held_comments),
      seenAt: r.seen_at,
      lastActivityAt: r.last_activity_at,
      followerCount: publicView ? 0 : Number(r.follower_count),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}

/**
 * One live (not deleted) post of the workspace, or undefined. A post held for approval is not there
 * yet for anything that would change it or announce it (votes, comments, edits): only reads that
 * show it to the team pass `held: true`, and features/moderation decides it.
 */
export async function findPost(db: Conn, ctx: Ctx, id: string, { held = false }: { held?: boolean } = {}): Promise<PostRow | undefined> {
  const statement = (held ? onePostOrHeld : oneLivePost)(ctx.services.db, { workspaceId: ctx.workspace.id, id });
  return (await db.executeQuery(statement)).rows[0];
}

// findPost's two statements, built and compiled once per database and run on `db` or a
// transaction of it: building and compiling them with Kysely on every call would cost a post read
// by id (no kept answer) a fifth of its CPU, 121 µs against 96 (docs/PERFORMANCE.md); every verb
// that changes a post reads it first.
const onePost = (db: Conn, v: Record<"workspaceId" | "id", never>) =>
  selectOnePost(db).where("p.workspace_id", "=", v.workspaceId).where("p.id", "=", v.id).where("p.deleted_at", "is", null);
const onePostOrHeld = compiledOnce(["workspaceId", "id"], onePost);
const oneLivePost = compiledOnce(["workspaceId", "id"], (db, v) => onePost(db, v).where("p.held", "=", 0));

/** The workspace's public boards, as a subquery: the only boards customer-facing routes show. */
export function publicBoardIds(db: Conn, ctx: Ctx) {
  return db.selectFrom("boards").select("id").where("workspace_id", "=", ctx.workspace.id).where("visibility", "=", "public");
}
