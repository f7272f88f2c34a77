import type { z } from "@hono/zod-openapi";
import { activityAt } from "./activity-marks.js";
import { nowIso } from "../../platform/lib/clock.js";
import type { ChangePostStatusSchema } from "./schema.js";
import { insertComment } from "../comments/index.js";
import type { CommentView } from "../comments/index.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { recordStatusChange, statusChangeAudience } from "./status-change.js";
import { resolveStatus } from "./references.js";
import { findPost, toPostViews, type PostView } from "./view.js";

/**
 * The `comment` is told to voters with the change ("Shipped in 2.4!"); public unless marked
 * internal. `notify` (absent: true) says whether the post's followers are told at all.
 */
export type ChangeStatusInput = Omit<z.output<typeof ChangePostStatusSchema>, "notify"> & { postId: string; notify?: boolean | undefined };

/**
 * Moves a post to another status, optionally with a comment, in one transaction: the status, the
 * comment, the audit rows and the `post.status_changed` event commit together or not at all.
 */
export async function changePostStatus({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ChangeStatusInput;
}): Promise<{ post: PostView; comment: CommentView | null; notified: number }> {
  requireScope(ctx.actor.scopes, "posts:write");
  if (input.comment) requireScope(ctx.actor.scopes, "comments:write");
  return inTransaction(ctx, async (tx) => {
    const before = await findPost(tx, ctx, input.postId);
    if (!before) throw notFound("post", input.postId);
    const statusId = await resolveStatus(tx, ctx, input.statusId);
    const comment = input.comment
      ? await insertComment(
          tx,
          ctx,
          before,
          { postId: before.id, body: input.comment.body, internal: input.comment.internal },
          // Told with the change when the status moves; on its own when it does not.
          { toldOnItsOwn: statusId === before.status_id },
        )
      : null;
    if (statusId !== before.status_id) {
      const at = nowIso();
      await tx
        .updateTable("posts")
        .set({ status_id: statusId, updated_at: at, ...activityAt(at, { byTeam: true }) })
        .where("id", "=", before.id)
        .execute();
    }
    const [post] = toPostViews(ctx, [(await findPost(tx, ctx, before.id))!]);
    if (statusId === before.status_id) return { post: post!, comment, notified: 0 };
    const notify = input.notify !== false;
    await recordStatusChange(tx, ctx, before, post!, comment, notify);
    return { post: post!, comment, notified: notify ? await statusChangeAudience(tx, ctx, post!, comment) : 0 };
  });
}
