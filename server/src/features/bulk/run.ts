import type { Selectable } from "kysely";
import type { Ctx, Services } from "../../platform/context.js";
import type { BulkJobsTable } from "../../platform/db/schema.js";
import { nowIso } from "../../platform/lib/clock.js";
import { log } from "../../platform/lib/log.js";
import { claimNext, extendLease, release } from "../../platform/queue/index.js";
import { changeEventsSince, withdrawNotificationEvents } from "../notifications/index.js";
import { applyToPost, type Held, undoOnPost } from "./apply.js";
import { bulkJobQueue } from "./queue.js";
import type { BulkAction } from "./schema.js";

// The runner: takes one job at a time under a lease (any number of processes may run this; a job
// whose runner died is taken again once its lease lapses) and works through its posts, each post in
// a transaction of its own that also counts it on the job, so a job stopped anywhere resumes where
// it was, and no post is changed twice. An undo asked while the job runs stops it: what it changed
// is put back, and the posts it had not reached are left alone.

const BATCH = 50;
const LEASE_MS = 30_000;

type Job = Selectable<BulkJobsTable>;

/** A job's next posts to work on: pending ones to apply, or changed ones to undo. */
function nextPosts(services: Services, job: Job) {
  return services.db
    .selectFrom("bulk_job_posts")
    .selectAll()
    .where("job_id", "=", job.id)
    .where("state", "=", job.state === "undoing" ? "changed" : "pending")
    .orderBy("post_id")
    .limit(BATCH)
    .execute();
}

/** Takes the oldest job with work whose lease is free; undefined when there is none. */
async function claimJob(services: Services): Promise<Job | undefined> {
  const claimed = await claimNext(services.db, bulkJobQueue, {
    due: (eb) => eb("state", "in", bulkJobQueue.waiting),
    orderBy: "created_at",
    leaseMs: LEASE_MS,
    set: (state) => ({ state: state === "queued" ? "running" : state }),
  });
  return typeof claimed === "string" ? undefined : claimed.row;
}

async function contextOf(services: Services, job: Job): Promise<Ctx | undefined> {
  const workspace = await services.db.selectFrom("workspaces").select(["id", "slug"]).where("id", "=", job.workspace_id).executeTakeFirst();
  if (!workspace) return undefined;
  // The one who asked, with the one permission every action needs (theirs was checked when the job
  // was made): each post's change is recorded as theirs, through the request id of the job.
  return { services, workspace, actor: { type: job.actor_type, id: job.actor_id, scopes: ["posts:write"] }, requestId: job.id, quiet: job.state === "undoing" };
}

/** One post, in its own transaction: false when the job left the state this pass started in (an undo was asked). */
async function workOnPost(ctx: Ctx, job: Job, row: { post_id: string; before: string | null; after: string | null; events: string | null }): Promise<boolean> {
  const action = JSON.parse(job.action) as BulkAction;
  return ctx.services.db.transaction().execute(async (tx) => {
    // The job still in the state this pass took it in (an undo asked meanwhile stops the applying), its lease renewed.
    if (!(await extendLease(tx, bulkJobQueue, job.id, LEASE_MS, (eb) => eb("state", "=", job.state)))) return false;
    const inTx = { ...ctx, tx };
    const startedAt = nowIso();
    if (job.state === "undoing") {
      const change = { before: JSON.parse(row.before!) as Held, after: JSON.parse(row.after!) as Held };
      const undone = await undoOnPost(inTx, row.post_id, action, change);
      await withdrawNotificationEvents(tx, job.workspace_id, JSON.parse(row.events ?? "[]"));
      await tx
        .updateTable("bulk_job_posts")
        .set({ state: undone ? "undone" : "kept" })
        .where("job_id", "=", job.id)
        .where("post_id", "=", row.post_id)
        .execute();
      if (undone)
        await tx
          .updateTable("bulk_jobs")
          .set((eb) => ({ undone: eb("undone", "+", 1) }))
          .where("id", "=", job.id)
          .execute();
      return true;
    }
    const change = await applyToPost(inTx, row.post_id, action, job.notify === 1);
    const events = change ? await changeEventsSince(tx, job.workspace_id, row.post_id, startedAt) : [];
    await tx
      .updateTable("bulk_job_posts")
      .set(
        change
          ? { state: "changed", before: JSON.stringify(change.before), after: JSON.stringify(change.after), events: JSON.stringify(events) }
          : { state: "unchanged" },
      )
      .where("job_id", "=", job.id)
      .where("post_id", "=", row.post_id)
      .execute();
    await tx
      .updateTable("bulk_jobs")
      .set((eb) => ({ done: eb("done", "+", 1), changed: eb("changed", "+", change ? 1 : 0) }))
      .where("id", "=", job.id)
      .execute();
    return true;
  });
}

/** Marks a post the verbs refused (deleted between the read and the write, say) as unchanged, so the job moves on. */
async function skipPost(services: Services, job: Job, postId: string, error: unknown): Promise<void> {
  log.warn("bulk job could not change a post", { jobId: job.id, postId, error });
  await services.db.transaction().execute(async (tx) => {
    const state = job.state === "undoing" ? "kept" : "unchanged";
    await tx.updateTable("bulk_job_posts").set({ state }).where("job_id", "=", job.id).where("post_id", "=", postId).execute();
    if (job.state !== "undoing")
      await tx
        .updateTable("bulk_jobs")
        .set((eb) => ({ done: eb("done", "+", 1) }))
        .where("id", "=", job.id)
        .execute();
  });
}

/** One batch of one job; how many posts it worked on (0: no job had work). */
export async function runBulkJobBatch(services: Services): Promise<number> {
  const job = await claimJob(services);
  if (!job) return 0;
  const ctx = await contextOf(services, job);
  const rows = ctx ? await nextPosts(services, job) : [];
  let worked = 0;
  for (const row of rows) {
    try {
      if (!(await workOnPost(ctx!, job, row))) break;
    } catch (error) {
      await skipPost(services, job, row.post_id, error);
    }
    worked++;
  }
  const finished = rows.length < BATCH && worked === rows.length;
  const at = nowIso();
  if (!ctx || finished) {
    await services.db
      .updateTable("bulk_jobs")
      .set(
        !ctx
          ? { state: "failed", error: "The workspace is gone.", finished_at: at }
          : job.state === "undoing"
            ? { state: "undone", undone_at: at, finished_at: job.finished_at ?? at }
            : { state: "done", finished_at: at },
      )
      .where("id", "=", job.id)
      .where("state", "=", job.state)
      .execute();
  }
  // The lease is this runner's alone: let go of it, whatever state an undo moved the job to.
  await release(services.db, bulkJobQueue, (eb) => eb("id", "=", job.id));
  return Math.max(worked, 1);
}
