import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { findPost, selectPosts, toPostViews, type PostView } from "./view.js";

/**
 * Brings a deleted post back, with its votes and comments; restoring a live post changes nothing. A
 * rejected post (deleted while held) comes back held, to be decided again.
 */
export async function restorePost({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<PostView> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    const row = await selectPosts(tx).where("p.workspace_id", "=", ctx.workspace.id).where("p.id", "=", input.id).executeTakeFirst();
    if (!row) throw notFound("post", input.id);
    if (row.deleted_at !== null) {
      await tx.updateTable("posts").set({ deleted_at: null, updated_at: nowIso() }).where("id", "=", row.id).execute();
    }
    const [view] = toPostViews(ctx, [(await findPost(tx, ctx, row.id, { held: true }))!]);
    if (row.deleted_at !== null) {
      await recordChange(tx, ctx, {
        action: "post.restored",
        objectType: "post",
        objectId: row.id,
        audit: { deletedAt: row.deleted_at },
        // A rejected post comes back to the Held view, still unannounced: no event.
        ...(row.held === 1 ? {} : { event: { type: "post.updated" as const, data: view } }),
      });
    }
    return view!;
  });
}
