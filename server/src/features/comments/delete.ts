import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { adjustCommentCount } from "./counts.js";
import { findComment } from "./view.js";

/** Soft delete: the comment leaves every list; replies to it stay. */
export async function deleteComment({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "comments:write");
  await inTransaction(ctx, async (tx) => {
    const comment = await findComment(tx, ctx, input.id);
    if (!comment) throw notFound("comment", input.id);
    const at = nowIso();
    await tx.updateTable("comments").set({ deleted_at: at, updated_at: at }).where("id", "=", comment.id).execute();
    if (comment.internal === 0) await adjustCommentCount(tx, comment.post_id, -1);
    await recordChange(tx, ctx, {
      action: "comment.deleted",
      objectType: "comment",
      objectId: comment.id,
      audit: { postId: comment.post_id },
      event: { type: "comment.deleted", data: { id: comment.id, postId: comment.post_id, internal: comment.internal === 1, deletedAt: at } },
    });
  });
}
