import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import type { PostsTable } from "../../platform/db/schema.js";
import type { UpdatePostSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { followPostAs } from "../notifications/index.js";
import { recordStatusChange, statusChangeAudience } from "./status-change.js";
import { checkBoard, checkOwner, checkTags, resolveStatus } from "./references.js";
import { indexText, replaceTags } from "./store.js";
import { activityAt } from "./activity-marks.js";
import { findPost, toPostViews, type PostView } from "./view.js";

/** The fields to change; `notify` (absent: true) says whether a status change tells the post's followers. */
export type UpdatePostInput = Omit<z.output<typeof UpdatePostSchema>, "notify"> & { notify?: boolean | undefined };

/**
 * Changes only the fields given. A status change also emits `post.status_changed`, so receivers that
 * only care about the roadmap need not diff every `post.updated`.
 */
export async function updatePost({ ctx, input }: { ctx: Ctx; input: { id: string; patch: UpdatePostInput } }): Promise<PostView & { notified: number }> {
  requireScope(ctx.actor.scopes, "posts:write");
  const { patch } = input;
  return inTransaction(ctx, async (tx) => {
    const before = await findPost(tx, ctx, input.id);
    if (!before) throw notFound("post", input.id);

    const set: Partial<PostsTable> = {};
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.body !== undefined) set.body = patch.body;
    if (patch.boardId !== undefined) {
      await checkBoard(tx, ctx, patch.boardId);
      set.board_id = patch.boardId;
    }
    if (patch.statusId !== undefined) set.status_id = await resolveStatus(tx, ctx, patch.statusId);
    if (patch.ownerId !== undefined) {
      if (patch.ownerId !== null) await checkOwner(tx, ctx, patch.ownerId);
      set.owner_id = patch.ownerId;
    }
    if (patch.eta !== undefined) set.eta = patch.eta;
    if (patch.pinned !== undefined) set.pinned = patch.pinned ? 1 : 0;
    if (patch.commentsLocked !== undefined) set.comments_locked = patch.commentsLocked ? 1 : 0;
    if (patch.tagIds !== undefined) await checkTags(tx, ctx, patch.tagIds);

    set.updated_at = nowIso();
    await tx
      .updateTable("posts")
      .set({ ...set, ...activityAt(set.updated_at, { byTeam: true }) })
      .where("id", "=", before.id)
      .execute();
    if (patch.tagIds !== undefined) await replaceTags(tx, ctx, before.id, patch.tagIds);
    if (patch.title !== undefined || patch.body !== undefined) {
      await indexText(tx, ctx, before.id, { title: set.title ?? before.title, body: set.body ?? before.body });
    }

    const [view] = toPostViews(ctx, [(await findPost(tx, ctx, before.id))!]);
    const changed = Object.keys(patch).filter((k) => k !== "notify" && patch[k as keyof UpdatePostInput] !== undefined);
    const assignedTo = set.owner_id && set.owner_id !== before.owner_id ? set.owner_id : null;
    await recordChange(tx, ctx, {
      action: "post.updated",
      objectType: "post",
      objectId: before.id,
      audit: { changed },
      event: { type: "post.updated", data: view },
      facts: {
        // A new title is looked at for duplicates (posts/duplicates/follower.ts).
        ...(patch.title !== undefined && patch.title !== before.title ? { titleChanged: true } : {}),
        // A new owner hears of it (notifications/follower.ts).
        ...(assignedTo ? { assignedTo } : {}),
      },
    });
    // A new owner follows the post.
    if (assignedTo) await followPostAs(tx, ctx.workspace.id, before.id, assignedTo, "owner");
    if (set.status_id === undefined || set.status_id === before.status_id) return { ...view!, notified: 0 };
    const notify = patch.notify !== false;
    await recordStatusChange(tx, ctx, before, view!, undefined, notify);
    return { ...view!, notified: notify ? await statusChangeAudience(tx, ctx, view!) : 0 };
  });
}
