import { jobQueue } from "../../platform/queue/index.js";

/** Imports wait queued, run, or are undone; one that broke (or whose runner died) fails with why. */
export const importQueue = jobQueue("imports", "imports", ["queued", "running", "undoing"]);
