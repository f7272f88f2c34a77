import type { z } from "@hono/zod-openapi";
import type { CreatePortalCommentSchema, PortalCommentSchema } from "./schema.js";
import { reader, inTransaction } from "../../platform/context.js";
import { commentPage } from "../comments/index.js";
import { insertComment } from "../comments/index.js";
import type { CommentView } from "../comments/index.js";
import { requirePortalRead, requireViewer, type CustomerCtx } from "../../http/credentials/customer-context.js";
import { HeedError } from "../../platform/errors.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { findPublicPost } from "./view.js";
import type { CountSubmission } from "../moderation/index.js";
import { screenPortalSubmission } from "./screen.js";

/** A comment as the portal shows it: public comments only, so the flag is left out. */
export type PortalCommentView = z.output<typeof PortalCommentSchema>;

/** The validated body of `POST /portal/posts/{id}/comments`, with the post's id from the path. */
export type CreatePortalCommentInput = z.output<typeof CreatePortalCommentSchema> & { postId: string };

function toPortalComment({ internal: _internal, spamSignals: _spamSignals, ...comment }: CommentView): PortalCommentView {
  return comment;
}

/** A public post's public comments, oldest first; internal comments and their replies never show. */
export async function listPortalComments({ ctx, input }: { ctx: CustomerCtx; input: PageInput & { postId: string } }): Promise<Page<PortalCommentView>> {
  requirePortalRead(ctx);
  const db = reader(ctx);
  const post = await findPublicPost(db, ctx, input.postId);
  const page = await commentPage(db, ctx, post.id, { ...input, internal: false }, "portal-comments");
  return { data: page.data.map(toPortalComment), nextCursor: page.nextCursor };
}

/**
 * The identified end user comments on a public post, or replies to one of its public comments.
 * Under the workspace's moderation it may wait for approval (`heldForApproval` in the answer).
 */
export async function createPortalComment({
  ctx,
  input,
  countSubmission,
}: {
  ctx: CustomerCtx;
  input: CreatePortalCommentInput;
  countSubmission: CountSubmission;
}): Promise<PortalCommentView> {
  const viewer = requireViewer(ctx);
  return inTransaction(ctx, async (tx) => {
    const post = await findPublicPost(tx, ctx, input.postId);
    if (post.comments_locked === 1) throw new HeedError("comments_locked", "The team locked the comments of this post.");
    const hold = await screenPortalSubmission(tx, ctx, viewer.id, { kind: "comment", body: input.body }, countSubmission);
    // The parent is checked by the shared writer, which hides internal comments from end users.
    const comment = { postId: post.id, body: input.body, parentId: input.parentId, authorId: viewer.id, internal: false };
    return toPortalComment(await insertComment(tx, ctx, post, comment, { toldOnItsOwn: true, hold }));
  });
}
