import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.js";
import type { PostSchema } from "./schema.js";
import { authorOf } from "../../platform/authors.js";
import type { Ctx } from "../../platform/context.js";
import { type PossibleDuplicateOf, possibleDuplicatesOf } from "./duplicates/suggestions.js";
import { spamSignalsOf } from "../../platform/moderation/hold.js";

type Conn = Kysely<Database>;

/** A post as the API shows it. */
export type PostView = z.output<typeof PostSchema>;

/** Posts with their status and author: one query for the row, joins instead of a query per row. */
export function selectPosts(db: Conn) {
  return db
    .selectFrom("posts as p")
    .innerJoin("statuses as s", "s.id", "p.status_id")
    .leftJoin("users as u", (join) => join.onRef("u.id", "=", "p.author_id").onRef("u.workspace_id", "=", "p.workspace_id"))
    .leftJoin("members as m", (join) => join.onRef("m.id", "=", "p.author_id").onRef("m.workspace_id", "=", "p.workspace_id"))
    .selectAll("p")
    .select(["s.name as status_name", "s.category as status_category", "u.name as user_name", "u.avatar_url as user_avatar_url", "m.name as member_name"]);
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>["executeTakeFirstOrThrow"]>>;

/**
 * Shapes rows into the public Post; the tags of the whole page come in one query, and so do the
 * team's duplicate suggestions, left out (`null`) of a `publicView`, which the portal strips.
 */
export async function toPostViews(db: Conn, ctx: Ctx, rows: PostRow[], { publicView = false }: { publicView?: boolean } = {}): Promise<PostView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [duplicates, heldComments] = publicView
    ? [new Map<string, PossibleDuplicateOf>(), new Map<string, number>()]
    : await Promise.all([possibleDuplicatesOf(db, ctx.workspace.id, ids), heldCommentCounts(db, ctx.workspace.id, ids)]);
  const tagRows = await db
    .selectFrom("post_tags as pt")
    .innerJoin("tags as t", "t.id", "pt.tag_id")
    .select(["pt.post_id", "t.id", "t.name"])
    .where("pt.workspace_id", "=", ctx.workspace.id)
    .where("pt.post_id", "in", ids)
    .orderBy("t.name")
    .execute();
  const tagsByPost = new Map<string, PostView["tags"]>();
  for (const t of tagRows) {
    const list = tagsByPost.get(t.post_id) ?? [];
    list.push({ id: t.id, name: t.name });
    tagsByPost.set(t.post_id, list);
  }

  const portal = `${ctx.services.publicUrl}/p/${ctx.workspace.slug}/posts/`;
  return rows.map((r) => ({
    id: r.id,
    boardId: r.board_id,
    title: r.title,
    body: r.body,
    status: { id: r.status_id, name: r.status_name, category: r.status_category },
    tags: tagsByPost.get(r.id) ?? [],
    author: authorOf(r),
    ownerId: r.owner_id,
    voteCount: r.vote_count,
    commentCount: r.comment_count,
    revenue: r.revenue,
    eta: r.eta,
    pinned: r.pinned === 1,
    commentsLocked: r.comments_locked === 1,
    mergedInto: r.merged_into_id,
    possibleDuplicateOf: duplicates.get(r.id) ?? null,
    url: portal + r.id,
    heldForApproval: r.held === 1,
    spamSignals: spamSignalsOf(r.spam_signals),
    heldComments: heldComments.get(r.id) ?? 0,
    seenAt: r.seen_at,
    lastActivityAt: r.last_activity_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/** How many comments wait for approval on each of these posts (a read of the small held index). */
async function heldCommentCounts(db: Conn, workspaceId: string, postIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("comments")
    .select(["post_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("workspace_id", "=", workspaceId)
    .where("held", "=", 1)
    .where("post_id", "in", postIds)
    .where("deleted_at", "is", null)
    .groupBy("post_id")
    .execute();
  return new Map(rows.map((r) => [r.post_id, Number(r.n)]));
}

/**
 * One live (not deleted) post of the workspace, or undefined. A post held for approval is not there
 * yet for anything that would change it or announce it (votes, comments, edits): only reads that
 * show it to the team pass `held: true`, and features/moderation decides it.
 */
export async function findPost(db: Conn, ctx: Ctx, id: string, { held = false }: { held?: boolean } = {}): Promise<PostRow | undefined> {
  let query = selectPosts(db).where("p.workspace_id", "=", ctx.workspace.id).where("p.id", "=", id).where("p.deleted_at", "is", null);
  if (!held) query = query.where("p.held", "=", 0);
  return query.executeTakeFirst();
}

/** The workspace's public boards, as a subquery: the only boards customer-facing routes show. */
export function publicBoardIds(db: Conn, ctx: Ctx) {
  return db.selectFrom("boards").select("id").where("workspace_id", "=", ctx.workspace.id).where("visibility", "=", "public");
}
