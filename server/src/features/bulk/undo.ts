import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { type BulkJobView, findBulkJob, toBulkJobView } from "./view.js";

/** A job's progress; scope `posts:read`. */
export async function getBulkJob({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<BulkJobView> {
  requireScope(ctx.actor.scopes, "posts:read");
  const job = await findBulkJob(reader(ctx), ctx, input.id);
  if (!job) throw notFound("bulk job", input.id);
  return toBulkJobView(job);
}

/**
 * Undoes a job, running or done: it stops applying, and the runner puts back each post it changed
 * that still holds what it set (a post changed since is left as it is). Webhooks hear of each post
 * put back (integrations must follow the data); nobody is notified, and the notifications the
 * change made are withdrawn where not yet mailed. 409 once undone or undoing, or failed.
 */
export async function undoBulkJob({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<BulkJobView> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    const job = await findBulkJob(tx, ctx, input.id);
    if (!job) throw notFound("bulk job", input.id);
    if (job.state !== "queued" && job.state !== "running" && job.state !== "done") {
      throw new HeedError("conflict", `This job is ${job.state}: only a queued, running or done job can be undone.`);
    }
    await tx.updateTable("bulk_jobs").set({ state: "undoing" }).where("id", "=", job.id).where("state", "=", job.state).execute();
    await recordChange(tx, ctx, { action: "bulk_job.undone", objectType: "bulk_job", objectId: job.id, audit: { changed: job.changed } });
    return toBulkJobView((await findBulkJob(tx, ctx, job.id))!);
  });
}
