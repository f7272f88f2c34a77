import { sql } from "kysely";
import type { z } from "@hono/zod-openapi";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { UNLEASED } from "../../platform/queue/index.js";
import { requireScope } from "../../platform/scopes.js";
import { checkBoard, checkFilterReferences, checkOwner, checkTags, matchingPosts, resolveStatus } from "../posts/index.js";
import { type BulkAction, type CreateBulkJobSchema, MOST_POSTS_PER_JOB } from "./schema.js";
import { type BulkJobView, findBulkJob, toBulkJobView } from "./view.js";

// "Select all 4,210 matching": a job made here, run in the background a post at a time (run.ts).
// The posts are those the filters match now, written down with the job, so a post arriving later
// is not changed and a post the change moves out of the filter is not missed.

export type CreateBulkJobInput = z.output<typeof CreateBulkJobSchema>;

/** What the action names must exist in the workspace: a 400 at its field, before any post is touched. */
async function checkAction(tx: Tx, ctx: Ctx, action: BulkAction): Promise<void> {
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
    const matching = await matchingPosts(tx, ctx, input.filters);
    const counted = matching ? await matching.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow() : { n: 0 };
    const total = Number(counted.n);
    if (total > MOST_POSTS_PER_JOB) {
      throw new HeedError("validation_failed", `The filters match ${total} posts; one job changes at most ${MOST_POSTS_PER_JOB}: narrow them first.`, {
        errors: [{ pointer: "/filters", code: "too_many", detail: `${total} posts match; at most ${MOST_POSTS_PER_JOB}.` }],
      });
    }
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
      audit: { action: input.action, filters: input.filters, total },
    });
    return toBulkJobView((await findBulkJob(tx, ctx, id))!);
  });
}
