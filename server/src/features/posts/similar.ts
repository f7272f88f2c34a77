import type { z } from "@hono/zod-openapi";
import type { Db } from "../../platform/db/database.js";
import type { SimilarPostSchema } from "./schema.js";
import { reader, type Ctx, type Tx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { likeness, possibleDuplicates, SIMILAR_IDEA_LIKENESS } from "../../platform/search/likeness.js";
import type { PostListScope } from "./list-filters.js";
import { postPage } from "./list.js";
import { ListPostsQuery } from "./schema.js";
import { findPost, toPostViews, type PostRow } from "./view.js";

// Posts like a piece of text: the search engine ranks candidates (any word), then the likeness
// measure (platform/search/likeness.ts) keeps those that hold at least half of the text's words,
// most alike first, the engine's order breaking ties. A duplicate is found before it is posted
// (the portal's new-idea form, the widget) and after (GET /v1/posts/{id}/similar). Between two as
// alike, the one whose own title the text holds more of comes first (the shorter, closer one), the
// same on both databases; then the engine's order.

export type SimilarPostView = z.output<typeof SimilarPostSchema>;

/** How many of the engine's best candidates the likeness measure reads. */
const CANDIDATES = 25;

export async function postsLike(
  db: Db | Tx,
  ctx: Ctx,
  text: string,
  scope: PostListScope,
  options: { limit: number; exceptId?: string },
): Promise<(PostRow & { similarity: number })[]> {
  const input = ListPostsQuery.parse({ q: text.slice(0, 200), sort: "relevance", limit: CANDIDATES });
  const page = await postPage(db, ctx, input, scope);
  return page.data
    .filter((row) => row.id !== options.exceptId)
    .map((row) => ({ ...row, similarity: Math.round(likeness(text, row) * 100) / 100, reverse: likeness(row.title, { title: text, body: "" }) }))
    .filter((row) => row.similarity >= SIMILAR_IDEA_LIKENESS)
    .sort((a, b) => b.similarity - a.similarity || b.reverse - a.reverse)
    .slice(0, options.limit)
    .map(({ reverse: _, ...row }) => row);
}

/** The posts most like this one, on every board the team sees, merged and deleted ones left out. */
export async function listSimilarPosts({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; limit: number };
}): Promise<{ data: SimilarPostView[]; nextCursor: null }> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  // A held post's look-alikes help the team decide on it: a read, so it is found.
  const post = await findPost(db, ctx, input.id, { held: true });
  if (!post) throw notFound("post", input.id);
  const rows = await postsLike(db, ctx, post.title, { name: "similar-posts", wholeWords: true }, { limit: input.limit, exceptId: post.id });
  const views = toPostViews(ctx, rows);
  return {
    data: views.map((view, i) => ({ ...view, similarity: rows[i]!.similarity, possibleDuplicate: possibleDuplicates(post, view) })),
    nextCursor: null,
  };
}
