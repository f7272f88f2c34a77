import type { Queue } from "../../platform/queue/index.js";

/** Imports wait queued, run, or are undone; one that broke (or whose runner died) fails with why. */
export const importQueue: Queue<"imports"> = {
  name: "imports",
  table: "imports",
  waiting: ["queued", "running", "undoing"],
  dueAt: "created_at",
  dead: { state: "failed", reason: "error" },
};
