import { inTransaction, type Ctx } from "../../../platform/context.js";
import { recordChange } from "../../../platform/changes/record.js";
import { notFound } from "../../../platform/errors.js";
import { nowIso } from "../../../platform/lib/clock.js";
import { requireScope } from "../../../platform/scopes.js";
import { findPost, toPostViews, type PostView } from "../view.js";

/**
 * "Not a duplicate": the suggestion keeps its row, marked dismissed, so no later check of the post
 * offers it again. Dismissing one already dismissed changes nothing and answers the same. 404 when
 * the post, or the suggestion, does not exist in the workspace.
 */
export async function dismissPossibleDuplicate({ ctx, input }: { ctx: Ctx; input: { id: string; duplicateOfId: string } }): Promise<PostView> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    const post = await findPost(tx, ctx, input.id);
    if (!post) throw notFound("post", input.id);
    const suggestion = await tx
      .selectFrom("duplicate_suggestions")
      .select("dismissed_at")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("post_id", "=", post.id)
      .where("duplicate_of_id", "=", input.duplicateOfId)
      .executeTakeFirst();
    if (!suggestion) throw notFound("possible duplicate", input.duplicateOfId);
    if (suggestion.dismissed_at === null) {
      await tx
        .updateTable("duplicate_suggestions")
        .set({ dismissed_at: nowIso(), dismissed_by: ctx.actor.id })
        .where("workspace_id", "=", ctx.workspace.id)
        .where("post_id", "=", post.id)
        .where("duplicate_of_id", "=", input.duplicateOfId)
        .execute();
      await recordChange(tx, ctx, {
        action: "post.duplicate_dismissed",
        objectType: "post",
        objectId: post.id,
        audit: { duplicateOfId: input.duplicateOfId },
      });
    }
    // Read again: the row read above still carries the suggestion just dismissed.
    const [view] = toPostViews(ctx, [(await findPost(tx, ctx, post.id))!]);
    return view!;
  });
}
