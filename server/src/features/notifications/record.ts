import type { Ctx, Tx } from "../../platform/context.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { EventKind, FollowReason } from "./kinds.js";

// Written by the verbs inside their own transaction, beside the audit row: a change that rolls
// back follows nobody and tells nobody. Who hears of an event is worked out after commit.

/** The person behind a change (`usr_…` or `mem_…`), who is never told of their own change. */
function personActing(ctx: Pick<Ctx, "actor">): string | null {
  const { actor } = ctx;
  return actor.type === "member" || actor.type === "end_user" ? actor.id : null;
}

/** Writes what happened, for fanning out once the transaction commits (fanout.ts). */
export async function recordNotificationEvent(
  tx: Tx,
  ctx: Pick<Ctx, "workspace" | "actor" | "quiet">,
  event: { kind: EventKind; postId: string | null; data: Record<string, unknown> },
): Promise<void> {
  // An undone bulk change tells nobody: neither of the change (withdrawn where not yet mailed) nor of its undoing.
  if (ctx.quiet) return;
  await tx
    .insertInto("notification_events")
    .values({
      id: newId("notificationEvent"),
      workspace_id: ctx.workspace.id,
      kind: event.kind,
      post_id: event.postId,
      actor_id: personActing(ctx),
      data: JSON.stringify(event.data),
      created_at: nowIso(),
      fanned_out_at: null,
    })
    .execute();
}

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
  const followerId = authorId ?? personActing(ctx);
  if (followerId && (followerId.startsWith("usr_") || followerId.startsWith("mem_"))) await followPostAs(tx, ctx.workspace.id, postId, followerId, reason);
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
