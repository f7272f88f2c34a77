import type { Queue } from "../../platform/queue/index.js";

/** Exports wait queued, then run; one that could not be written fails with why. */
export const exportQueue: Queue<"exports"> = {
  name: "exports",
  table: "exports",
  waiting: ["queued", "running"],
  dueAt: "created_at",
  dead: { state: "failed", reason: "error" },
};
