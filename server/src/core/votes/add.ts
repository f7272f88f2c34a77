import { nowIso } from "../../lib/clock.js";
import { recordChange } from "../changes.js";
import { inTransaction, type Ctx } from "../context.js";
import { HeedError, invalidReference, notFound } from "../errors.js";
import { recountRevenue } from "../posts/revenue.js";
import { findPost } from "../posts/view.js";
import { requireScope } from "../scopes.js";
import { selectVoters, toVoterView, type VoterView } from "./view.js";

/**
 * Votes for a post on an end user's behalf. One vote per user per post: the (post, user) primary
 * key makes a second vote a no-op (`created: false`), and the counters move only when a row was
 * really inserted, so they equal the rows under any concurrency.
 */
export async function addVote({ ctx, input }: { ctx: Ctx; input: { postId: string; userId: string } }): Promise<{ vote: VoterView; created: boolean }> {
  requireScope(ctx.actor.scopes, "votes:write");
  return inTransaction(ctx, async (tx) => {
    const post = await findPost(tx, ctx, input.postId);
    if (!post) throw notFound("post", input.postId);
    if (post.merged_into_id) {
      throw new HeedError("conflict", `This post was merged into ${post.merged_into_id}; vote there.`, { extra: { mergedInto: post.merged_into_id } });
    }
    const user = await tx
      .selectFrom("end_users")
      .select("id")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "=", input.userId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!user) throw invalidReference("/userId", "end user", input.userId);

    const inserted = await tx
      .insertInto("votes")
      .values({ workspace_id: ctx.workspace.id, post_id: post.id, user_id: user.id, created_by: ctx.actor.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(["post_id", "user_id"]).doNothing())
      .executeTakeFirst();
    const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    if (created) {
      await tx
        .updateTable("posts")
        .set((eb) => ({ vote_count: eb("vote_count", "+", 1), trending_count: eb("trending_count", "+", 1) }))
        .where("id", "=", post.id)
        .execute();
      await recountRevenue(tx, ctx.workspace.id, { postIds: [post.id] });
    }
    const row = await selectVoters(tx).where("v.post_id", "=", post.id).where("v.user_id", "=", user.id).executeTakeFirstOrThrow();
    const vote = toVoterView(row);
    if (created) {
      await recordChange(tx, ctx, {
        action: "vote.created",
        objectType: "post",
        objectId: post.id,
        audit: { userId: user.id },
        event: { type: "vote.created", data: { postId: post.id, voteCount: post.vote_count + 1, ...vote } },
      });
    }
    return { vote, created };
  });
}
