import { sql } from "kysely";
import type { z } from "@hono/zod-openapi";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { UNLEASED } from "../../platform/queue/index.js";
import { requireScope } from "../../platform/scopes.js";
import { checkBoard, checkFilterReferences, checkOwner, checkTags, resolveStatus } from "../posts/index.js";
import { bulkAudience, namedPosts } from "./audience.js";
import { type BulkAction, type BulkPreviewSchema, type CreateBulkJobSchema, MOST_POSTS_PER_JOB, type PreviewBulkJobSchema } from "./schema.js";

type BulkPreview = z.output<typeof BulkPreviewSchema>;
import { type BulkJobView, findBulkJob, toBulkJobView } from "./view.js";

// "Select all 4,210 matching": a job made here, run in the background a post at a time (run.ts).
// The posts are those the filters match now, written down with the job, so a post arriving later
// is not changed and a post the change moves out of the filter is not missed.

export type CreateBulkJobInput = Omit<z.output<typeof CreateBulkJobSchema>, "notify"> & { notify?: boolean | undefined };

/** What the action names must exist in the workspace: a 400 at its field, before any post is touched. */
export async function checkAction(tx: Tx, ctx: Ctx, action: BulkAction): Promise<void> {
  if (action.kind === "status") await resolveStatus(tx, ctx, action.statusId, "/action/statusId");
  if (action.kind === "tag" || action.kind === "untag") await checkTags(tx, ctx, [action.tagId], "/action/tagId");
  if (action.kind === "board") await checkBoard(tx, ctx, action.boardId, "/action/boardId");
  if (action.kind === "owner" && action.ownerId) await checkOwner(tx, ctx, action.ownerId, "/action/ownerId");
}

export async function createBulkJob({ ctx, input }: { ctx: Ctx; input: CreateBulkJobInput }): Promise<BulkJobView> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    await checkAction(tx, ctx, input.action);
    await checkFilterReferences(tx, ctx, input.filters, "/filters");
    const matching = await namedPosts(tx, ctx, { filters: input.filters });
    const counted = matching ? await matching.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow() : { n: 0 };
    const total = Number(counted.n);
    if (total > MOST_POSTS_PER_JOB) {
      throw new HeedError("validation_failed", `The filters match ${total} posts; one job changes at most ${MOST_POSTS_PER_JOB}: narrow them first.`, {
        errors: [{ pointer: "/filters", code: "too_many", detail: `${total} posts match; at most ${MOST_POSTS_PER_JOB}.` }],
      });
    }
    // How many its status changes will mail, counted now, over the posts it acts on (audience.ts).
    const notified = input.notify === false || total === 0 ? 0 : await bulkAudience(tx, ctx, matching, input.action);
    const id = newId("bulkJob");
    const at = nowIso();
    await tx
      .insertInto("bulk_jobs")
      .values({
        id,
        workspace_id: ctx.workspace.id,
        actor_type: ctx.actor.type,
        actor_id: ctx.actor.id,
        action: JSON.stringify(input.action),
        filters: JSON.stringify(input.filters),
        // Nothing to do: done as it is made.
        state: total === 0 ? "done" : "queued",
        total,
        error: null,
        ...UNLEASED,
        created_at: at,
        finished_at: total === 0 ? at : null,
        undone_at: null,
        notify: input.notify === false ? 0 : 1,
        notified,
      })
      .execute();
    if (matching && total > 0) {
      await tx
        .insertInto("bulk_job_posts")
        .columns(["job_id", "post_id", "state"])
        .expression(matching.select([sql<string>`${id}`.as("job_id"), "p.id", sql<string>`${"pending"}`.as("state")]))
        .execute();
    }
    await recordChange(tx, ctx, {
      action: "bulk_job.created",
      objectType: "bulk_job",
      objectId: id,
      audit: { action: input.action, filters: input.filters, total, notify: input.notify !== false, notified },
    });
    return toBulkJobView((await findBulkJob(tx, ctx, id))!);
  });
}

/** What a bulk change would do, changing nothing: how many posts it names, and how many people it would mail. */
export async function previewBulkJob({ ctx, input }: { ctx: Ctx; input: z.output<typeof PreviewBulkJobSchema> }): Promise<BulkPreview> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    await checkAction(tx, ctx, input.action);
    if (input.filters) await checkFilterReferences(tx, ctx, input.filters, "/filters");
    const posts = await namedPosts(tx, ctx, input.filters ? { filters: input.filters } : { postIds: input.postIds ?? [] });
    const counted = posts ? await posts.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow() : { n: 0 };
    return { total: Number(counted.n), followerCount: await bulkAudience(tx, ctx, posts, input.action) };
  });
}
