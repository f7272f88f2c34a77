import type { Ctx, Tx } from "../../platform/context.js";
import { findPost } from "../posts/index.js";
import { castVote } from "./add.js";

/**
 * The new vote count when the author now votes for it, null when the workspace does not want it.
 * An end user's new idea starts with their own vote, as on Canny and Featurebase, unless the
 * workspace turned that off (`authorVotes`). Cast when the idea becomes public: as it is posted,
 * or, held for approval, as it is approved. The vote is the author's own act, whoever approved.
 */
export async function castAuthorVote(tx: Tx, ctx: Ctx, postId: string, authorId: string): Promise<{ voteCount: number } | null> {
  const workspace = await tx.selectFrom("workspaces").select("author_votes").where("id", "=", ctx.workspace.id).executeTakeFirstOrThrow();
  if (workspace.author_votes !== 1) return null;
  const post = await findPost(tx, ctx, postId);
  if (!post) return null;
  const asAuthor: Ctx = { ...ctx, actor: { type: "end_user", id: authorId, scopes: ["votes:write"] } };
  const { voteCount } = await castVote(tx, asAuthor, post, authorId);
  return { voteCount };
}
