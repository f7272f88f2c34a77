import type { Ctx, Tx } from "../../platform/context.js";
import { indexPost } from "../../platform/search/document.js";

// Rows that belong to a post beside the posts row itself, rewritten whenever their source changes.

export async function replaceTags(tx: Tx, ctx: Ctx, postId: string, tagIds: string[]): Promise<void> {
  await tx.deleteFrom("post_tags").where("post_id", "=", postId).execute();
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  await tx
    .insertInto("post_tags")
    .values(unique.map((tag_id) => ({ post_id: postId, tag_id, workspace_id: ctx.workspace.id })))
    .execute();
}

/** Writes a post's title and body into the search index, in the transaction that wrote them. */
export function indexText(tx: Tx, ctx: Ctx, postId: string, text: { title: string; body: string }): Promise<void> {
  return indexPost(tx, ctx.services.dialect, { id: postId, workspaceId: ctx.workspace.id, ...text });
}
