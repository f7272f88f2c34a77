import type { Ctx, Tx } from "../../platform/context.js";
import { nowIso } from "../../platform/lib/clock.js";
import type { FollowReason } from "./kinds.js";

// Who follows a post: state the verbs write in their own transaction, so the API shows a follow at
// once. What the followers then hear of is the notifications' follower's (follower.ts).

/** `followerId` follows the post from now on (if not already: the first reason stays). */
export async function followPostAs(tx: Tx, workspaceId: string, postId: string, followerId: string, reason: FollowReason): Promise<void> {
  await tx
    .insertInto("post_followers")
    .values({ workspace_id: workspaceId, post_id: postId, follower_id: followerId, reason, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["post_id", "follower_id"]).doNothing())
    .execute();
}

/** Whoever acts on a post as a person (an end user voting or commenting, a member) follows it. */
export async function followAsActor(
  tx: Tx,
  ctx: Pick<Ctx, "workspace" | "actor">,
  postId: string,
  reason: FollowReason,
  authorId?: string | null,
): Promise<void> {
  const { actor } = ctx;
  const followerId = authorId ?? (actor.type === "member" || actor.type === "end_user" ? actor.id : null);
  if (followerId && (followerId.startsWith("usr_") || followerId.startsWith("mem_"))) await followPostAs(tx, ctx.workspace.id, postId, followerId, reason);
}

/** A merged post's followers follow the post it went into. */
export async function followMergedInto(tx: Tx, workspaceId: string, sourceId: string, targetId: string): Promise<void> {
  const followers = await tx
    .selectFrom("post_followers")
    .select("follower_id")
    .where("workspace_id", "=", workspaceId)
    .where("post_id", "=", sourceId)
    .execute();
  for (const { follower_id } of followers) await followPostAs(tx, workspaceId, targetId, follower_id, "merged");
}

/** Stops following; true when they did follow. */
export async function unfollowPostAs(tx: Tx, workspaceId: string, postId: string, followerId: string): Promise<boolean> {
  const result = await tx
    .deleteFrom("post_followers")
    .where("workspace_id", "=", workspaceId)
    .where("post_id", "=", postId)
    .where("follower_id", "=", followerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
