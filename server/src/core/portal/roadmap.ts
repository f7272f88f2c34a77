import type { StatusCategory } from "../../db/schema.js";
import { reader } from "../context.js";
import { requirePortalRead, type CustomerCtx } from "../customers/context.js";
import { postPage } from "../posts/list.js";
import { toPortalPosts, type PortalPostView } from "./view.js";

/** Closed posts are not on a roadmap. */
export const ROADMAP_CATEGORIES = ["open", "active", "complete"] as const satisfies readonly StatusCategory[];

export interface RoadmapColumn {
  category: (typeof ROADMAP_CATEGORIES)[number];
  statuses: { id: string; name: string; color: string }[];
  /** The column's most voted posts. */
  posts: PortalPostView[];
  /** Continues the column with GET /portal/posts?sort=votes&status=<category> (and the same boardId). */
  nextCursor: string | null;
}

/**
 * Public posts grouped by status category, most voted first. Each column is a first page of the
 * portal's post list, so its cursor continues there: one paging code path for both.
 */
export async function getPortalRoadmap({
  ctx,
  input,
}: {
  ctx: CustomerCtx;
  input: { boardId?: string; limit: number };
}): Promise<{ columns: RoadmapColumn[] }> {
  requirePortalRead(ctx);
  const db = reader(ctx);
  const statuses = await db
    .selectFrom("statuses")
    .select(["id", "name", "color", "category"])
    .where("workspace_id", "=", ctx.workspace.id)
    .orderBy("position")
    .execute();
  const pages: Awaited<ReturnType<typeof postPage>>[] = [];
  for (const category of ROADMAP_CATEGORIES) {
    pages.push(
      await postPage(
        db,
        ctx,
        { sort: "votes", status: category, boardId: input.boardId, limit: input.limit },
        { name: "portal-posts", publicBoardsOnly: true },
      ),
    );
  }
  // One view pass over every column's rows: their tags and the viewer's votes in one query each.
  const views = await toPortalPosts(
    db,
    ctx,
    pages.flatMap((page) => page.data),
  );
  let taken = 0;
  const columns = ROADMAP_CATEGORIES.map((category, i): RoadmapColumn => {
    const page = pages[i]!;
    const posts = views.slice(taken, taken + page.data.length);
    taken += page.data.length;
    return {
      category,
      statuses: statuses.filter((s) => s.category === category).map(({ id, name, color }) => ({ id, name, color })),
      posts,
      nextCursor: page.nextCursor,
    };
  });
  return { columns };
}
