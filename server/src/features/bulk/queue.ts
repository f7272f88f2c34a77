import { jobQueue } from "../../platform/queue/index.js";

/** Bulk jobs wait queued, run, or undo; a job whose workspace went fails with why. */
export const bulkJobQueue = jobQueue("bulk jobs", "bulk_jobs", ["queued", "running", "undoing"]);
