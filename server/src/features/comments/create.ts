import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import type { CreateCommentSchema } from "./schema.js";
import { newId } from "../../platform/lib/ids.js";
import { isCustomerCtx } from "../../http/credentials/customer-context.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { checkAuthor } from "../posts/index.js";
import { findPost, noteActivity, type PostRow } from "../posts/index.js";
import { requireScope } from "../../platform/scopes.js";
import { followAsActor, followPostAs } from "../notifications/index.js";
import { adjustCommentCount } from "./counts.js";
import { findComment, toCommentView, type CommentView } from "./view.js";
import { type Hold, NOT_HELD, spamSignalsColumn } from "../../platform/moderation/hold.js";

export type CreateCommentInput = z.output<typeof CreateCommentSchema> & { postId: string };

function invalid(pointer: string, detail: string): HeedError {
  return new HeedError("validation_failed", detail, { errors: [{ pointer, code: "invalid", detail }] });
}

/**
 * Comments on a post, or replies to one of its top-level comments. The team may comment on posts
 * whose comments are locked (locking stops end users, on the portal).
 */
export async function createComment({ ctx, input }: { ctx: Ctx; input: CreateCommentInput }): Promise<CommentView> {
  requireScope(ctx.actor.scopes, "comments:write");
  return inTransaction(ctx, async (tx) => {
    const post = await findPost(tx, ctx, input.postId);
    if (!post) throw notFound("post", input.postId);
    if (input.authorId) await checkAuthor(tx, ctx, input.authorId);
    await checkMentions(tx, ctx, input.mentions ?? []);
    return insertComment(tx, ctx, post, input);
  });
}

/** Every member mentioned is one of this workspace's; 400 naming the first that is not. */
async function checkMentions(tx: Tx, ctx: Ctx, mentions: string[]): Promise<void> {
  if (mentions.length === 0) return;
  const found = new Set(
    (await tx.selectFrom("members").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "in", mentions).execute()).map((m) => m.id),
  );
  const index = mentions.findIndex((id) => !found.has(id));
  if (index >= 0) throw invalid(`/mentions/${index}`, `No member with id '${mentions[index]}' in this workspace.`);
}

/**
 * Writes a comment on a found post, after checking its parent: the counter (public comments only),
 * audit row and `comment.created` event commit with it. Shared by the API and the portal. A comment
 * held for approval (the portal's, under moderation) is written with its audit row only: counted,
 * announced and marked as activity when the team approves it.
 */
export async function insertComment(
  tx: Tx,
  ctx: Ctx,
  post: PostRow,
  input: CreateCommentInput,
  // A status change tells its comment with the change itself (`toldOnItsOwn: false`): one notification, not two.
  options: { toldOnItsOwn: boolean; hold?: Hold } = { toldOnItsOwn: true },
): Promise<CommentView> {
  const internal = input.internal ?? false;
  const hold = options.hold ?? NOT_HELD;
  // A member signed in to the dashboard writes as themselves unless `authorId` says otherwise
  // (null: the team); through an API key, a comment with no `authorId` is the team's.
  const authorId = input.authorId !== undefined ? input.authorId : ctx.actor.type === "member" ? ctx.actor.id : null;
  if (input.parentId) {
    const parent = await findComment(tx, ctx, input.parentId);
    // The portal's end users do not see internal comments: to them one does not exist.
    const hidden = parent?.internal === 1 && isCustomerCtx(ctx);
    if (!parent || parent.post_id !== post.id || hidden) throw invalid("/parentId", `No comment with id '${input.parentId}' on this post.`);
    if (parent.parent_id) throw invalid("/parentId", "Replies are one level deep: reply to the top-level comment.");
    if (parent.internal === 1 && !internal) throw invalid("/internal", "A reply to an internal comment must be internal too.");
  }
  const at = nowIso();
  const id = newId("comment");
  await tx
    .insertInto("comments")
    .values({
      id,
      workspace_id: ctx.workspace.id,
      post_id: post.id,
      parent_id: input.parentId ?? null,
      author_id: authorId,
      body: input.body,
      internal: internal ? 1 : 0,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      held: hold.held ? 1 : 0,
      spam_signals: spamSignalsColumn(hold),
    })
    .execute();
  if (!hold.held) return recordNewComment(tx, ctx, post, id, { action: "comment.created", toldOnItsOwn: options.toldOnItsOwn, mentions: input.mentions ?? [] });
  await recordChange(tx, ctx, { action: "comment.held", objectType: "comment", objectId: id, audit: { postId: post.id, spamSignals: hold.spamSignals } });
  return toCommentView((await findComment(tx, ctx, id, { held: true }))!);
}

/**
 * What a new comment sets off, as it is written or as the team approves it (`action` says which,
 * in the audit log): the post's count and activity, the `comment.created` event (which its
 * followers read: notifications, integrations, webhooks) and who now follows the post.
 */
export async function recordNewComment(
  tx: Tx,
  ctx: Ctx,
  post: PostRow,
  id: string,
  { action, toldOnItsOwn = true, mentions = [] }: { action: "comment.created" | "comment.approved"; toldOnItsOwn?: boolean; mentions?: string[] },
): Promise<CommentView> {
  const row = (await findComment(tx, ctx, id))!;
  const internal = row.internal === 1;
  if (!internal) await adjustCommentCount(tx, post.id, 1);
  // An answer from the team (a member, or the team through a key) also means the team has seen the post.
  await noteActivity(tx, post.id, nowIso(), { byTeam: !isCustomerCtx(ctx) && !row.author_id?.startsWith("usr_") });
  const comment = toCommentView(row);
  const authorId = row.author_id ?? (isCustomerCtx(ctx) ? ctx.actor.id : null);
  const mentioned = [...new Set(mentions)];
  await recordChange(tx, ctx, {
    action,
    objectType: "comment",
    objectId: id,
    audit: { postId: post.id, internal },
    event: { type: "comment.created", data: comment },
    // What its notification tells beyond the comment (notifications/follower.ts).
    facts: toldOnItsOwn ? { postTitle: post.title, authorId, mentions: mentioned } : { toldWithStatusChange: true },
  });
  if (toldOnItsOwn) {
    // Its author and the members mentioned follow the post.
    await followAsActor(tx, ctx, post.id, "commented", authorId);
    for (const memberId of mentioned) await followPostAs(tx, ctx.workspace.id, post.id, memberId, "mentioned");
  }
  return comment;
}
