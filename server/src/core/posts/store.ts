import type { Ctx, Tx } from "../context.js";
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

export async function indexTerms(tx: Tx, ctx: Ctx, postId: string, title: string, body: string): Promise<void> {
  await tx.deleteFrom("post_terms").where("post_id", "=", postId).execute();
  const terms = termsOf(title, body);
  // Chunked so one statement stays under SQLite's bound-parameter limit whatever the body length.
  for (let i = 0; i < terms.length; i += 200) {
    await tx
      .insertInto("post_terms")
      .values(terms.slice(i, i + 200).map((term) => ({ workspace_id: ctx.workspace.id, term, post_id: postId })))
      .execute();
  }
}
