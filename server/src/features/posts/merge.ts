import type { z } from "@hono/zod-openapi";
import { activityAt } from "./activity-marks.js";
import { nowIso } from "../../platform/lib/clock.js";
import type { MergePostSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { followMergedInto } from "../notifications/index.js";
import { inTransaction, lockWorkspace, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, invalidReference, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { recountPost } from "./recount.js";
import { recountRevenue } from "./revenue.js";
import { findPost, selectPosts, toPostViews, type PostView } from "./view.js";

// Merging a duplicate into a canonical post pools their votes: each vote whose user has not voted
// on the canonical post moves there, marked with the post it came from; a user who voted on both
// keeps one vote on each row but is counted once, on the canonical post. Comments move too. Unmerge
// moves back exactly the marked rows, so every count returns to what it was.

/** Both posts as they are now; the canonical one may have been deleted since the merge. */
async function views(tx: Tx, ctx: Ctx, ids: [string, string]): Promise<PostView[]> {
  const rows = await selectPosts(tx).where("p.workspace_id", "=", ctx.workspace.id).where("p.id", "in", ids).execute();
  return toPostViews(
    ctx,
    ids.map((id) => rows.find((r) => r.id === id)!),
  );
}

/** The duplicate's id from the path, and the canonical post it goes `into`. */
export type MergePostInput = z.output<typeof MergePostSchema> & { id: string };

export async function mergePost({ ctx, input }: { ctx: Ctx; input: MergePostInput }): Promise<{ post: PostView; into: PostView }> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    // Two merges at once could each pass the chain checks below (A into B while B goes into C).
    await lockWorkspace(tx, ctx);
    const duplicate = await findPost(tx, ctx, input.id);
    if (!duplicate) throw notFound("post", input.id);
    const canonical = input.into === duplicate.id ? undefined : await findPost(tx, ctx, input.into);
    if (!canonical) throw invalidReference("/into", "other post", input.into);
    if (duplicate.merged_into_id) throw new HeedError("conflict", `This post is merged into ${duplicate.merged_into_id} already.`);
    if (canonical.merged_into_id) {
      throw new HeedError("conflict", `${canonical.id} is itself merged into ${canonical.merged_into_id}: merge into that post.`, {
        extra: { mergedInto: canonical.merged_into_id },
      });
    }
    const absorbed = await tx
      .selectFrom("posts")
      .select("id")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("merged_into_id", "=", duplicate.id)
      .executeTakeFirst();
    if (absorbed) throw new HeedError("conflict", "Other posts are merged into this one: unmerge them first, or merge them into the new canonical post.");

    const movedVotes = await tx
      .updateTable("votes")
      .set({ post_id: canonical.id, origin_post_id: duplicate.id })
      .where("workspace_id", "=", ctx.workspace.id)
      .where("post_id", "=", duplicate.id)
      .where("user_id", "not in", (eb) => eb.selectFrom("votes as mine").select("mine.user_id").where("mine.post_id", "=", canonical.id))
      .executeTakeFirst();
    const movedComments = await tx
      .updateTable("comments")
      .set({ post_id: canonical.id, origin_post_id: duplicate.id })
      .where("workspace_id", "=", ctx.workspace.id)
      .where("post_id", "=", duplicate.id)
      .executeTakeFirst();
    const at = nowIso();
    await tx
      .updateTable("posts")
      .set({ merged_into_id: canonical.id, updated_at: at, ...activityAt(at, { byTeam: true }) })
      .where("id", "=", duplicate.id)
      .execute();
    await tx
      .updateTable("posts")
      .set({ updated_at: at, ...activityAt(at, { byTeam: true }) })
      .where("id", "=", canonical.id)
      .execute();
    await recountPost(tx, duplicate.id);
    await recountPost(tx, canonical.id);
    await recountRevenue(tx, ctx.workspace.id, { postIds: [duplicate.id, canonical.id] });

    const [post, into] = await views(tx, ctx, [duplicate.id, canonical.id]);
    const moved = { votes: Number(movedVotes.numUpdatedRows), comments: Number(movedComments.numUpdatedRows) };
    await recordChange(tx, ctx, {
      action: "post.merged",
      objectType: "post",
      objectId: duplicate.id,
      audit: { into: canonical.id, moved },
      event: { type: "post.merged", data: { post, into, moved } },
    });
    await recordChange(tx, ctx, { action: "post.merged_in", objectType: "post", objectId: canonical.id, audit: { from: duplicate.id, moved } });
    await followMergedInto(tx, ctx.workspace.id, duplicate.id, canonical.id);
    return { post: post!, into: into! };
  });
}

export async function unmergePost({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ post: PostView; from: PostView }> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    await lockWorkspace(tx, ctx);
    const duplicate = await findPost(tx, ctx, input.id);
    if (!duplicate) throw notFound("post", input.id);
    const canonicalId = duplicate.merged_into_id;
    if (!canonicalId) throw new HeedError("conflict", "This post is not merged.");

    const moved = { votes: 0, comments: 0 };
    for (const table of ["votes", "comments"] as const) {
      const returned = await tx
        .updateTable(table)
        .set({ post_id: duplicate.id, origin_post_id: null })
        .where("workspace_id", "=", ctx.workspace.id)
        .where("post_id", "=", canonicalId)
        .where("origin_post_id", "=", duplicate.id)
        .executeTakeFirst();
      moved[table] = Number(returned.numUpdatedRows);
    }
    const at = nowIso();
    await tx.updateTable("posts").set({ merged_into_id: null, updated_at: at }).where("id", "=", duplicate.id).execute();
    await tx.updateTable("posts").set({ updated_at: at }).where("id", "=", canonicalId).execute();
    await recountPost(tx, duplicate.id);
    await recountPost(tx, canonicalId);
    await recountRevenue(tx, ctx.workspace.id, { postIds: [duplicate.id, canonicalId] });

    const [post, from] = await views(tx, ctx, [duplicate.id, canonicalId]);
    await recordChange(tx, ctx, {
      action: "post.unmerged",
      objectType: "post",
      objectId: duplicate.id,
      audit: { from: canonicalId, moved },
      event: { type: "post.updated", data: post },
    });
    await recordChange(tx, ctx, {
      action: "post.unmerged_out",
      objectType: "post",
      objectId: canonicalId,
      audit: { post: duplicate.id, moved },
      event: { type: "post.updated", data: from },
    });
    return { post: post!, from: from! };
  });
}
