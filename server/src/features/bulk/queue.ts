import type { Queue } from "../../platform/queue/index.js";

/** Bulk jobs wait queued, run, or undo; a job whose workspace went fails with why. */
export const bulkJobQueue: Queue<"bulk_jobs"> = {
  name: "bulk jobs",
  table: "bulk_jobs",
  waiting: ["queued", "running", "undoing"],
  dueAt: "created_at",
  dead: { state: "failed", reason: "error" },
};
