import type { Db } from "../../platform/db/database.js";
import { reader, type Ctx, type Tx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { keysetPage, type KeysetOrder } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { findPost } from "../posts/index.js";
import { findUser } from "../users/index.js";
import { requireScope } from "../../platform/scopes.js";
import { findComment, selectComments, toCommentView, type CommentView } from "./view.js";

const BY_COMMENT_ID_ASC: KeysetOrder = { by: ["c.id"], kinds: ["string"], direction: "asc" };

export async function getComment({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<CommentView> {
  requireScope(ctx.actor.scopes, "comments:read");
  const row = await findComment(reader(ctx), ctx, input.id, { held: true });
  if (!row) throw notFound("comment", input.id);
  return toCommentView(row);
}

/**
 * A post's comments in the order they were written (replies carry parentId); `internal` filters.
 * The team sees those waiting for approval too (`heldForApproval`), the portal never.
 */
export async function listComments({ ctx, input }: { ctx: Ctx; input: PageInput & { postId: string; internal?: boolean } }): Promise<Page<CommentView>> {
  requireScope(ctx.actor.scopes, "comments:read");
  const db = reader(ctx);
  const post = await findPost(db, ctx, input.postId, { held: true });
  if (!post) throw notFound("post", input.postId);
  return commentPage(db, ctx, post.id, { ...input, held: true }, "comments");
}

/** One page of a found post's comments; `listName` keeps the cursors of two lists apart. */
export async function commentPage(
  db: Db | Tx,
  ctx: Ctx,
  postId: string,
  input: PageInput & { internal?: boolean; held?: boolean },
  listName: string,
): Promise<Page<CommentView>> {
  let query = selectComments(db).where("c.workspace_id", "=", ctx.workspace.id).where("c.post_id", "=", postId).where("c.deleted_at", "is", null);
  if (input.internal !== undefined) query = query.where("c.internal", "=", input.internal ? 1 : 0);
  if (!input.held) query = query.where("c.held", "=", 0);
  return keysetPage(ctx, {
    key: JSON.stringify([listName, ctx.workspace.id, postId, input.internal ?? null]),
    input,
    query,
    order: BY_COMMENT_ID_ASC,
    shape: (rows) => rows.map(toCommentView),
  });
}

/**
 * What an end user wrote across the workspace's posts, newest first: public comments and replies
 * (end users cannot write internal ones). Comments on deleted posts are left out.
 */
export async function listUserComments({ ctx, input }: { ctx: Ctx; input: PageInput & { id: string } }): Promise<Page<CommentView>> {
  requireScope(ctx.actor.scopes, "comments:read");
  const db = reader(ctx);
  const user = await findUser(db, ctx, input.id);
  if (!user) throw notFound("end user", input.id);
  return keysetPage(ctx, {
    key: JSON.stringify(["user-comments", ctx.workspace.id, user.id]),
    input,
    query: selectComments(db)
      .where("c.workspace_id", "=", ctx.workspace.id)
      .where("c.author_id", "=", user.id)
      .where("c.deleted_at", "is", null)
      // Per comment, a primary-key look-up of its post (not a scan of the workspace's posts).
      .where((eb) => eb.exists(eb.selectFrom("posts").select("posts.id").whereRef("posts.id", "=", "c.post_id").where("posts.deleted_at", "is", null))),
    order: { ...BY_COMMENT_ID_ASC, direction: "desc" },
    shape: (rows) => rows.map(toCommentView),
  });
}
