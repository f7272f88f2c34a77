import type { Tx } from "../../platform/context.js";

/**
 * A post's commentCount counts its public comments only, so the number the portal shows never
 * reveals that internal notes exist. Every verb that adds, removes or re-labels a comment calls
 * this in its own transaction.
 */
export async function adjustCommentCount(tx: Tx, postId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx
    .updateTable("posts")
    .set((eb) => ({ comment_count: eb("comment_count", "+", delta) }))
    .where("id", "=", postId)
    .execute();
}
