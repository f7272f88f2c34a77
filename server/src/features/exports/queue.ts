import { jobQueue } from "../../platform/queue/index.js";

/** Exports wait queued, then run; one that could not be written fails with why. */
export const exportQueue = jobQueue("exports", "exports", ["queued", "running"]);
