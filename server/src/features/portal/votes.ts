import type { z } from "@hono/zod-openapi";
import type { PortalVoteSchema } from "./schema.js";
import { inTransaction } from "../../platform/context.js";
import { requireViewer, type CustomerCtx } from "../../http/credentials/customer-context.js";
import { castVote } from "../votes/index.js";
import { withdrawVote } from "../votes/index.js";
import { findPublicPost } from "./view.js";

/** The identified end user's vote on one post, as a button shows it. */
export type PortalVoteView = z.output<typeof PortalVoteSchema>;

/** Votes for a public post; voting twice changes nothing (one vote per user per post). */
export async function votePortalPost({ ctx, input }: { ctx: CustomerCtx; input: { postId: string } }): Promise<PortalVoteView> {
  const viewer = requireViewer(ctx);
  return inTransaction(ctx, async (tx) => {
    const post = await findPublicPost(tx, ctx, input.postId);
    const { voteCount } = await castVote(tx, ctx, post, viewer.id);
    return { postId: post.id, voted: true, voteCount };
  });
}

/** Takes the end user's vote back; without a vote there is nothing to do. */
export async function unvotePortalPost({ ctx, input }: { ctx: CustomerCtx; input: { postId: string } }): Promise<PortalVoteView> {
  const viewer = requireViewer(ctx);
  return inTransaction(ctx, async (tx) => {
    const post = await findPublicPost(tx, ctx, input.postId);
    const voteCount = (await withdrawVote(tx, ctx, post, viewer.id)) ?? post.vote_count;
    return { postId: post.id, voted: false, voteCount };
  });
}
