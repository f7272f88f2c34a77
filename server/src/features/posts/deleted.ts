import type { z } from "@hono/zod-openapi";
import type { DeletedPostSchema } from "./schema.js";
import { reader, type Ctx } from "../../platform/context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { selectPosts, toPostViews } from "./view.js";

export type DeletedPostView = z.output<typeof DeletedPostSchema>;

/**
 * The workspace's trash: deleted and rejected posts, the last deleted first, each restorable
 * (POST /posts/{id}/restore) for as long as it is kept, which is until the workspace is deleted.
 * A list of its own rather than a filter of listPosts: that list's statements, indexes and read
 * model serve live posts, and every filter added there is a branch each of its requests pays for;
 * this one reads the partial index of deleted posts (posts_deleted) alone.
 */
export async function listDeletedPosts({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<DeletedPostView>> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  return keysetPage(ctx, {
    key: `deleted-posts:${ctx.workspace.id}`,
    input,
    query: selectPosts(db).where("p.workspace_id", "=", ctx.workspace.id).where("p.deleted_at", "is not", null),
    order: { by: ["p.deleted_at", "p.id"], kinds: ["string", "string"], direction: "desc" },
    shape: (rows) => {
      const views = toPostViews(ctx, rows);
      return rows.map((r, i) => ({ ...views[i]!, deletedAt: r.deleted_at!, rejected: r.held === 1 }));
    },
  });
}
