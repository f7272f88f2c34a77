import { reader } from "../../platform/context.js";
import type { CustomerCtx } from "../../http/credentials/customer-context.js";
import { requirePortalRead } from "../../http/credentials/customer-context.js";
import { publicBoardIds } from "../posts/index.js";

// What a public portal offers search engines: its boards and its public ideas (merged and deleted
// ones left out), most recently changed first, up to the 50,000 URLs a sitemap may hold.

const MAX_POSTS = 49_000;

export async function portalSitemap({ ctx }: { ctx: CustomerCtx }): Promise<{ boards: string[]; posts: { id: string; updatedAt: string }[] }> {
  requirePortalRead(ctx);
  const db = reader(ctx);
  const boards = await db
    .selectFrom("boards")
    .select("slug")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("visibility", "=", "public")
    .orderBy("slug")
    .execute();
  const posts = await db
    .selectFrom("posts")
    .select(["id", "updated_at"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("board_id", "in", publicBoardIds(db, ctx))
    .where("deleted_at", "is", null)
    .where("held", "=", 0)
    .where("merged_into_id", "is", null)
    .orderBy("updated_at", "desc")
    .limit(MAX_POSTS)
    .execute();
  return { boards: boards.map((b) => b.slug), posts: posts.map((p) => ({ id: p.id, updatedAt: p.updated_at })) };
}
