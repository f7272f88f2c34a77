import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { findPost } from "./view.js";

/**
 * Soft delete: the post leaves every list and read at once, but its votes and comments are kept so
 * that it can be restored. Deleting a deleted post is a 404, like any unknown id.
 */
export async function deletePost({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "posts:write");
  await inTransaction(ctx, async (tx) => {
    const post = await findPost(tx, ctx, input.id);
    if (!post) throw notFound("post", input.id);
    const at = nowIso();
    await tx.updateTable("posts").set({ deleted_at: at, updated_at: at }).where("id", "=", post.id).execute();
    await recordChange(tx, ctx, {
      action: "post.deleted",
      objectType: "post",
      objectId: post.id,
      audit: { title: post.title },
      event: { type: "post.deleted", data: { id: post.id, boardId: post.board_id, title: post.title, deletedAt: at } },
    });
  });
}
