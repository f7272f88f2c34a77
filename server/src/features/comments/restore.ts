import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { adjustCommentCount } from "./counts.js";
import { selectComments, toCommentView, type CommentView } from "./view.js";

/**
 * Brings a deleted (hidden) comment back where it was, counted again; restoring a live comment
 * changes nothing. A rejected comment (deleted while held) comes back held, to be decided again,
 * uncounted and unannounced, as a rejected post does.
 */
export async function restoreComment({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<CommentView> {
  requireScope(ctx.actor.scopes, "comments:write");
  return inTransaction(ctx, async (tx) => {
    const row = await selectComments(tx).where("c.workspace_id", "=", ctx.workspace.id).where("c.id", "=", input.id).executeTakeFirst();
    if (!row) throw notFound("comment", input.id);
    if (row.deleted_at === null) return toCommentView(row);
    const at = nowIso();
    await tx.updateTable("comments").set({ deleted_at: null, updated_at: at }).where("id", "=", row.id).execute();
    // Counted as it was before its deletion: public, and not waiting for approval.
    if (row.internal === 0 && row.held === 0) await adjustCommentCount(tx, row.post_id, 1);
    const view = toCommentView({ ...row, deleted_at: null, updated_at: at });
    await recordChange(tx, ctx, {
      action: "comment.restored",
      objectType: "comment",
      objectId: row.id,
      audit: { postId: row.post_id, deletedAt: row.deleted_at },
      ...(row.held === 1 ? {} : { event: { type: "comment.updated" as const, data: view } }),
    });
    return view;
  });
}
