import { isoAt, nowMs } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { recountRevenue } from "../posts/index.js";
import { findPost, type PostRow } from "../posts/index.js";
import { TRENDING_WINDOW_MS } from "../posts/index.js";
import { requireScope } from "../../platform/scopes.js";

/** Removes a user's vote; the counters drop with the row, in the same transaction. */
export async function removeVote({ ctx, input }: { ctx: Ctx; input: { postId: string; userId: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "votes:write");
  await inTransaction(ctx, async (tx) => {
    const post = await findPost(tx, ctx, input.postId);
    if (!post) throw notFound("post", input.postId);
    if ((await withdrawVote(tx, ctx, post, input.userId)) === null) throw notFound("vote by user", input.userId);
  });
}

/** Deletes the user's vote on a found post, if any; the post's vote count after, or null when there was none. */
export async function withdrawVote(tx: Tx, ctx: Ctx, post: PostRow, userId: string): Promise<number | null> {
  const removed = await tx
    .deleteFrom("votes")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("post_id", "=", post.id)
    .where("user_id", "=", userId)
    .returning("created_at")
    .executeTakeFirst();
  if (!removed) return null;
  const stillTrending = removed.created_at >= isoAt(nowMs() - TRENDING_WINDOW_MS) ? 1 : 0;
  const { vote_count: voteCount } = await tx
    .updateTable("posts")
    .set((eb) => ({ vote_count: eb("vote_count", "-", 1), trending_count: eb("trending_count", "-", stillTrending) }))
    .where("id", "=", post.id)
    .returning("vote_count")
    .executeTakeFirstOrThrow();
  await recountRevenue(tx, ctx.workspace.id, { postIds: [post.id] });
  await recordChange(tx, ctx, {
    action: "vote.deleted",
    objectType: "post",
    objectId: post.id,
    audit: { userId },
    event: { type: "vote.deleted", data: { postId: post.id, userId, voteCount } },
  });
  return voteCount;
}
