import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { findPost, selectPosts, toPostViews, type PostView } from "./view.js";

/**
 * The posts merged into this one, oldest first: what the survivor absorbed, each still readable at
 * its own address (0 votes, `mergedInto` naming this post). A list of its own rather than a filter
 * of listPosts, as the trash is: that list serves live posts only, and bulk changes and saved views
 * share its filters, which should never reach a merged post. It reads the partial index of merged
 * posts (posts_by_merged_into). Deleted ones are left out.
 */
export async function listMergedPosts({ ctx, input }: { ctx: Ctx; input: PageInput & { id: string } }): Promise<Page<PostView>> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  const post = await findPost(db, ctx, input.id, { held: true });
  if (!post) throw notFound("post", input.id);
  return keysetPage(ctx, {
    key: `merged-posts:${ctx.workspace.id}:${post.id}`,
    input,
    query: selectPosts(db).where("p.workspace_id", "=", ctx.workspace.id).where("p.merged_into_id", "=", post.id).where("p.deleted_at", "is", null),
    order: { by: ["p.id"], kinds: ["string"], direction: "asc" },
    shape: (rows) => toPostViews(ctx, rows),
  });
}
