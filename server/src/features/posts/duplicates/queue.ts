import { nowIso } from "../../../platform/lib/clock.js";
import type { Tx } from "../../../platform/context.js";

/**
 * Queues a post to be compared with the workspace's earlier posts (follower.ts, as it reads the
 * change of its title): the comparison reads the whole index, so it runs on its own, in the
 * background (check.ts), never in a transaction that writes. Queued again, the newer time wins.
 */
export async function queueDuplicateCheck(tx: Tx, workspaceId: string, postId: string): Promise<void> {
  const queuedAt = nowIso();
  await tx
    .insertInto("duplicate_checks")
    .values({ post_id: postId, workspace_id: workspaceId, queued_at: queuedAt })
    .onConflict((oc) => oc.column("post_id").doUpdateSet({ queued_at: queuedAt }))
    .execute();
}
