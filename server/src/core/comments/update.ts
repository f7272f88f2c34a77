import { nowIso } from "../../lib/clock.js";
import { recordChange } from "../changes.js";
import { inTransaction, type Ctx } from "../context.js";
import { notFound } from "../errors.js";
import { requireScope } from "../scopes.js";
import { adjustCommentCount } from "./counts.js";
import { findComment, toCommentView, type CommentView } from "./view.js";

/** Edits the text or moves a comment between public and internal (the post's count follows). */
export async function updateComment({ ctx, input }: { ctx: Ctx; input: { id: string; body?: string; internal?: boolean } }): Promise<CommentView> {
  requireScope(ctx.actor.scopes, "comments:write");
  return inTransaction(ctx, async (tx) => {
    const before = await findComment(tx, ctx, input.id);
    if (!before) throw notFound("comment", input.id);
    const internal = input.internal === undefined ? before.internal : input.internal ? 1 : 0;
    await tx
      .updateTable("comments")
      .set({ body: input.body ?? before.body, internal, updated_at: nowIso() })
      .where("id", "=", before.id)
      .execute();
    // Public → internal removes one from the public count; internal → public adds one.
    await adjustCommentCount(tx, before.post_id, before.internal - internal);
    const comment = toCommentView((await findComment(tx, ctx, before.id))!);
    await recordChange(tx, ctx, {
      action: "comment.updated",
      objectType: "comment",
      objectId: before.id,
      audit: { changed: Object.keys(input).filter((k) => k !== "id") },
      event: { type: "comment.updated", data: comment },
    });
    return comment;
  });
}
