import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import type { UpdateCommentSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { adjustCommentCount } from "./counts.js";
import { findComment, selectComments, toCommentView, type CommentView } from "./view.js";

/**
 * Edits the text or moves a comment between public and internal (the post's count follows). A
 * thread's visibility follows its top-level comment: making it internal makes its public replies
 * internal too, and a reply cannot be public while its parent is internal.
 */
export async function updateComment({ ctx, input }: { ctx: Ctx; input: z.output<typeof UpdateCommentSchema> & { id: string } }): Promise<CommentView> {
  requireScope(ctx.actor.scopes, "comments:write");
  return inTransaction(ctx, async (tx) => {
    const before = await findComment(tx, ctx, input.id);
    if (!before) throw notFound("comment", input.id);
    const internal = input.internal === undefined ? before.internal : input.internal ? 1 : 0;
    if (internal === 0 && before.internal === 1 && before.parent_id) {
      const parent = await findComment(tx, ctx, before.parent_id);
      if (parent?.internal === 1) {
        const detail = "A reply to an internal comment must be internal too.";
        throw new HeedError("validation_failed", detail, { errors: [{ pointer: "/internal", code: "invalid", detail }] });
      }
    }
    const at = nowIso();
    await tx
      .updateTable("comments")
      .set({ body: input.body ?? before.body, internal, updated_at: at })
      .where("id", "=", before.id)
      .execute();
    const hiddenReplies =
      internal === 1 && before.internal === 0 && !before.parent_id
        ? await tx
            .updateTable("comments")
            .set({ internal: 1, updated_at: at })
            .where("workspace_id", "=", ctx.workspace.id)
            .where("parent_id", "=", before.id)
            .where("internal", "=", 0)
            .where("deleted_at", "is", null)
            .returning(["id", "held"])
            .execute()
        : [];
    // A reply waiting for approval follows its parent to internal (so it cannot come out public
    // under it), but it was never counted nor announced: it changes neither the count nor an event.
    const announcedReplies = hiddenReplies.filter((r) => r.held === 0);
    // Public → internal removes from the public count (with the replies it hid); internal → public adds one.
    await adjustCommentCount(tx, before.post_id, before.internal - internal - announcedReplies.length);
    const comment = toCommentView((await findComment(tx, ctx, before.id))!);
    await recordChange(tx, ctx, {
      action: "comment.updated",
      objectType: "comment",
      objectId: before.id,
      audit: {
        changed: Object.keys(input).filter((k) => k !== "id"),
        ...(announcedReplies.length > 0 ? { repliesMadeInternal: announcedReplies.length } : {}),
      },
      event: { type: "comment.updated", data: comment },
    });
    // The hidden replies, read in one query for their events.
    const replies =
      announcedReplies.length > 0
        ? await selectComments(tx)
            .where("c.workspace_id", "=", ctx.workspace.id)
            .where(
              "c.id",
              "in",
              announcedReplies.map((r) => r.id),
            )
            .orderBy("c.id")
            .execute()
        : [];
    for (const reply of replies) {
      await recordChange(tx, ctx, {
        action: "comment.updated",
        objectType: "comment",
        objectId: reply.id,
        audit: { changed: ["internal"], withParent: before.id },
        event: { type: "comment.updated", data: toCommentView(reply) },
      });
    }
    return comment;
  });
}
