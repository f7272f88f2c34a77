import type { Db } from "../../db/database.js";
import { reader, type Ctx, type Tx } from "../context.js";
import { notFound } from "../errors.js";
import { afterCursor, BY_ID, toPage, type Page, type PageInput } from "../pagination/page.js";
import { findPost } from "../posts/view.js";
import { requireScope } from "../scopes.js";
import { findComment, selectComments, toCommentView, type CommentView } from "./view.js";

export async function getComment({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<CommentView> {
  requireScope(ctx.actor.scopes, "comments:read");
  const row = await findComment(reader(ctx), ctx, input.id);
  if (!row) throw notFound("comment", input.id);
  return toCommentView(row);
}

/** A post's comments in the order they were written (replies carry parentId); `internal` filters. */
export async function listComments({ ctx, input }: { ctx: Ctx; input: PageInput & { postId: string; internal?: boolean } }): Promise<Page<CommentView>> {
  requireScope(ctx.actor.scopes, "comments:read");
  const db = reader(ctx);
  const post = await findPost(db, ctx, input.postId);
  if (!post) throw notFound("post", input.postId);
  return commentPage(db, ctx, post.id, input, "comments");
}

/** One page of a found post's comments; `listName` keeps the cursors of two lists apart. */
export async function commentPage(
  db: Db | Tx,
  ctx: Ctx,
  postId: string,
  input: PageInput & { internal?: boolean },
  listName: string,
): Promise<Page<CommentView>> {
  const queryKey = JSON.stringify([listName, ctx.workspace.id, postId, input.internal ?? null]);
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, BY_ID);
  let query = selectComments(db)
    .where("c.workspace_id", "=", ctx.workspace.id)
    .where("c.post_id", "=", postId)
    .where("c.deleted_at", "is", null)
    .orderBy("c.id")
    .limit(input.limit + 1);
  if (input.internal !== undefined) query = query.where("c.internal", "=", input.internal ? 1 : 0);
  if (after) query = query.where("c.id", ">", after[0]);
  return toPage(
    await query.execute(),
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.id],
    (rs) => rs.map(toCommentView),
  );
}
