import type { Follower } from "../../../platform/changes/follow.js";
import { queueDuplicateCheck } from "./queue.js";

// A post written (or approved) or retitled is queued to be compared with the workspace's earlier
// posts (check.ts): the duplicate checks' follower of the outbox queues it as it reads the event.

export const duplicatesFollower: Follower = {
  name: "duplicate-checks",
  types: ["post.created", "post.updated"],
  async handle(tx, events) {
    for (const event of events) {
      const post = JSON.parse(event.data) as { id: string; heldForApproval?: boolean };
      if (event.type === "post.created" ? post.heldForApproval : !event.facts.titleChanged) continue;
      await queueDuplicateCheck(tx, event.workspaceId, post.id);
    }
  },
};
