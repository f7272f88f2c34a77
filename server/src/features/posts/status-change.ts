import { recordChange } from "../../platform/changes/record.js";
import { nowIso } from "../../platform/lib/clock.js";
import { countStatusAudience } from "../notifications/index.js";
import type { Ctx, Tx } from "../../platform/context.js";
import type { CommentView } from "../comments/index.js";
import type { PostRow, PostView } from "./view.js";

/**
 * Records a post's move to another status, whichever verb moved it (a status change, with its
 * comment if one came with it, or an update of the post): the audit row, the `post.status_changed`
 * event, whose public comment its followers are told with it (notifications/follower.ts). `comment`
 * is the status change's own (null: none came); an update, which brings none, leaves it out of the event.
 */
export async function recordStatusChange(
  tx: Tx,
  ctx: Ctx,
  before: PostRow,
  post: PostView,
  comment: CommentView | null | undefined,
  notify: boolean,
): Promise<void> {
  const previousStatus = { id: before.status_id, name: before.status_name, category: before.status_category };
  await recordChange(tx, ctx, {
    action: "post.status_changed",
    objectType: "post",
    objectId: before.id,
    audit: { from: before.status_id, to: post.status.id, fromName: before.status_name, toName: post.status.name, commentId: comment?.id ?? null },
    event: { type: "post.status_changed", data: comment === undefined ? { post, previousStatus } : { post, previousStatus, comment } },
    // `notify: false`: the notifications' follower tells nobody of it (webhooks still hear).
    ...(notify ? {} : { facts: { notify: false } }),
  });
}

/** How many the status change just recorded mails (its answer's `notified`), by the notifications' rule. */
export function statusChangeAudience(tx: Tx, ctx: Ctx, post: PostView, comment?: CommentView | null): Promise<number> {
  return countStatusAudience(tx, ctx.workspace.id, [post.id], {
    intoComplete: post.status.category === "complete",
    withComment: Boolean(comment && !comment.internal),
    at: nowIso(),
  });
}
