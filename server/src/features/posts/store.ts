import type { Ctx, Tx } from "../../platform/context.js";
import { termsOf } from "./terms.js";

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

/** Rewrites a post's search terms; `before` is its previous title and body (absent for a new post). */
export async function indexTerms(
  tx: Tx,
  ctx: Ctx,
  postId: string,
  text: { title: string; body: string },
  before?: { title: string; body: string },
): Promise<void> {
  const next = new Set(termsOf(text.title, text.body));
  const previous = before ? termsOf(before.title, before.body) : [];
  const removed = previous.filter((t) => !next.has(t));
  const kept = new Set(previous);
  const added = [...next].filter((t) => !kept.has(t));
  // Chunked so one statement stays under SQLite's bound-parameter limit whatever the body length.
  for (let i = 0; i < removed.length; i += 200) {
    await tx
      .deleteFrom("post_terms")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("term", "in", removed.slice(i, i + 200))
      .where("post_id", "=", postId)
      .execute();
  }
  for (let i = 0; i < added.length; i += 200) {
    await tx
      .insertInto("post_terms")
      .values(added.slice(i, i + 200).map((term) => ({ workspace_id: ctx.workspace.id, term, post_id: postId })))
      .execute();
  }
}
