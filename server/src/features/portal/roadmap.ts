import type { z } from "@hono/zod-openapi";
import { ROADMAP_CATEGORIES, type RoadmapQuery, type RoadmapSchema } from "./schema.js";
import { reader } from "../../platform/context.js";
import { requirePortalRead, type CustomerCtx } from "../../http/credentials/customer-context.js";
import { postPage } from "../posts/index.js";
import { toPortalPosts } from "./view.js";

/** The roadmap as the portal shows it. */
export type RoadmapView = z.output<typeof RoadmapSchema>;

/** One status category's statuses and most voted posts; its cursor continues on GET /portal/posts?sort=votes&status=<category>. */
export type RoadmapColumn = RoadmapView["columns"][number];

/** The validated query of `GET /portal/roadmap`. */
export type RoadmapInput = z.output<typeof RoadmapQuery>;

/**
 * Public posts grouped by status category, most voted first. Each column is a first page of the
 * portal's post list, so its cursor continues there: one paging code path for both.
 */
export async function getPortalRoadmap({ ctx, input }: { ctx: CustomerCtx; input: RoadmapInput }): Promise<RoadmapView> {
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
