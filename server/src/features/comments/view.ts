import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.js";
import type { CommentSchema } from "./schema.js";
import { authorOf } from "../../platform/authors.js";
import { spamSignalsOf } from "../../platform/moderation/hold.js";
import type { Ctx } from "../../platform/context.js";

/** A comment as the API shows it. */
export type CommentView = z.output<typeof CommentSchema>;

export function selectComments(db: Kysely<Database>) {
  return db
    .selectFrom("comments as c")
    .leftJoin("users as u", (join) => join.onRef("u.id", "=", "c.author_id").onRef("u.workspace_id", "=", "c.workspace_id"))
    .leftJoin("members as m", (join) => join.onRef("m.id", "=", "c.author_id").onRef("m.workspace_id", "=", "c.workspace_id"))
    .selectAll("c")
    .select(["u.name as user_name", "u.avatar_url as user_avatar_url", "m.name as member_name"]);
}

export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>["executeTakeFirstOrThrow"]>>;

export function toCommentView(r: CommentRow): CommentView {
  return {
    id: r.id,
    postId: r.post_id,
    parentId: r.parent_id,
    body: r.body,
    internal: r.internal === 1,
    author: authorOf(r),
    heldForApproval: r.held === 1,
    spamSignals: spamSignalsOf(r.spam_signals),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/**
 * One live comment of the workspace, or undefined. One held for approval is not there yet for
 * anything that would change it, reply to it or announce it: only reads pass `held: true`.
 */
export function findComment(db: Kysely<Database>, ctx: Ctx, id: string, { held = false }: { held?: boolean } = {}): Promise<CommentRow | undefined> {
  let query = selectComments(db).where("c.workspace_id", "=", ctx.workspace.id).where("c.id", "=", id).where("c.deleted_at", "is", null);
  if (!held) query = query.where("c.held", "=", 0);
  return query.executeTakeFirst();
}
