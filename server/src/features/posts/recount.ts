import { isoAt, nowMs } from "../../platform/lib/clock.js";
import type { Tx } from "../../platform/context.js";
import { TRENDING_WINDOW_MS, trendingCount } from "./trending.js";

/**
 * Sets a post's counters from its rows: votes, votes of the trending window, public live comments.
 * For changes that move many rows at once (merge, unmerge), where counting is simpler and surer
 * than adding up deltas.
 */
export async function recountPost(tx: Tx, postId: string): Promise<void> {
  await recountPosts(tx, [postId]);
}

/** `recountPost` for many posts at once (an import's), 500 to a statement. */
export async function recountPosts(tx: Tx, postIds: string[]): Promise<void> {
  for (let i = 0; i < postIds.length; i += 500) await recountSome(tx, postIds.slice(i, i + 500));
}

async function recountSome(tx: Tx, postIds: string[]): Promise<void> {
  const cutoff = isoAt(nowMs() - TRENDING_WINDOW_MS);
  await tx
    .updateTable("posts")
    .set((eb) => ({
      vote_count: eb
        .selectFrom("votes")
        .select((v) => v.fn.countAll<number>().as("n"))
        .whereRef("votes.post_id", "=", "posts.id"),
      trending_count: trendingCount(eb, cutoff),
      comment_count: eb
        .selectFrom("comments")
        .select((c) => c.fn.countAll<number>().as("n"))
        .whereRef("comments.post_id", "=", "posts.id")
        .where("comments.internal", "=", 0)
        .where("comments.deleted_at", "is", null)
        // One waiting for approval is counted when it is approved, not before.
        .where("comments.held", "=", 0),
    }))
    .where("id", "in", postIds)
    .execute();
}
