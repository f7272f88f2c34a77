import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import type { AddVoteSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { namedEndUser } from "../../platform/end-users.js";
import { recountRevenue } from "../posts/index.js";
import { findPost, type PostRow } from "../posts/index.js";
import { followPostAs } from "../notifications/index.js";
import { requireScope } from "../../platform/scopes.js";
import { selectVoters, toVoterView, type VoterView } from "./view.js";

/** The voter (`userId`), with the post's id from the path. */
export type AddVoteInput = z.output<typeof AddVoteSchema> & { postId: string };

/**
 * Votes for a post on an end user's behalf. One vote per user per post: the (post, user) primary
 * key makes a second vote a no-op (`created: false`), and the counters move only when a row was
 * really inserted, so they equal the rows under any concurrency.
 */
export async function addVote({ ctx, input }: { ctx: Ctx; input: AddVoteInput }): Promise<{ vote: VoterView; created: boolean }> {
  requireScope(ctx.actor.scopes, "votes:write");
  return inTransaction(ctx, async (tx) => {
    const post = await findPost(tx, ctx, input.postId);
    if (!post) throw notFound("post", input.postId);
    const user = await namedEndUser(tx, ctx, input.userId);
    return castVote(tx, ctx, post, user.id);
  });
}

/**
 * The vote of a live end user on a found post; the API and the portal check who may vote first.
 * Counters, revenue, audit row and `vote.created` move only when a row was really inserted.
 */
export async function castVote(tx: Tx, ctx: Ctx, post: PostRow, userId: string): Promise<{ vote: VoterView; created: boolean; voteCount: number }> {
  if (post.merged_into_id) {
    throw new HeedError("conflict", `This post was merged into ${post.merged_into_id}; vote there.`, { extra: { mergedInto: post.merged_into_id } });
  }
  const votedAt = nowIso();
  const inserted = await tx
    .insertInto("votes")
    .values({
      workspace_id: ctx.workspace.id,
      post_id: post.id,
      user_id: userId,
      created_by: ctx.actor.type === "end_user" ? null : ctx.actor.id,
      created_at: votedAt,
    })
    .onConflict((oc) => oc.columns(["post_id", "user_id"]).doNothing())
    .executeTakeFirst();
  const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  // The count after this vote, as the database holds it: concurrent votes each see their own.
  let voteCount = post.vote_count;
  if (created) {
    const counted = await tx
      .updateTable("posts")
      .set((eb) => ({ vote_count: eb("vote_count", "+", 1), trending_count: eb("trending_count", "+", 1), last_activity_at: votedAt }))
      .where("id", "=", post.id)
      .returning("vote_count")
      .executeTakeFirstOrThrow();
    voteCount = counted.vote_count;
    await recountRevenue(tx, ctx.workspace.id, { postIds: [post.id] });
  }
  const row = await selectVoters(tx).where("v.post_id", "=", post.id).where("v.user_id", "=", userId).executeTakeFirstOrThrow();
  const vote = toVoterView(row);
  if (created) {
    await recordChange(tx, ctx, {
      action: "vote.created",
      objectType: "post",
      objectId: post.id,
      audit: { userId },
      event: { type: "vote.created", data: { postId: post.id, voteCount, ...vote } },
    });
    // The voter follows the post.
    await followPostAs(tx, ctx.workspace.id, post.id, userId, "voted");
  }
  return { vote, created, voteCount };
}
