import type { z } from "@hono/zod-openapi";
import type { RoadmapQuery, RoadmapSchema } from "./schema.js";
import { reader } from "../../platform/context.js";
import { requirePortalRead, type CustomerCtx } from "../../http/credentials/customer-context.js";
import { postPage } from "../posts/index.js";
import { readTranslations, statusNameIn } from "../statuses/index.js";
import { toPortalPosts } from "./view.js";

/** The roadmap as the portal shows it. */
export type RoadmapView = z.output<typeof RoadmapSchema>;

/** One status's most voted posts; its cursor continues on GET /portal/posts?sort=votes&status=<status id>. */
export type RoadmapColumn = RoadmapView["columns"][number];

/** The validated query of `GET /portal/roadmap`. */
export type RoadmapInput = z.output<typeof RoadmapQuery>;

/**
 * The statuses the team shows on the roadmap, in its order, each with its public posts, most voted
 * first. Each column is a first page of the portal's post list, so its cursor continues there: one
 * paging code path for both.
 */
export async function getPortalRoadmap({ ctx, input }: { ctx: CustomerCtx; input: RoadmapInput }): Promise<RoadmapView> {
  requirePortalRead(ctx);
  const db = reader(ctx);
  const statuses = await db
    .selectFrom("statuses")
    .select(["id", "name", "color", "category", "translations"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("on_roadmap", "=", 1)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const pages: Awaited<ReturnType<typeof postPage>>[] = [];
  for (const status of statuses) {
    pages.push(
      await postPage(
        db,
        ctx,
        { sort: "votes", status: status.id, boardId: input.boardId, limit: input.limit },
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
  const columns = statuses.map((status, i): RoadmapColumn => {
    const page = pages[i]!;
    const posts = views.slice(taken, taken + page.data.length);
    taken += page.data.length;
    const { id, color, category } = status;
    return {
      status: { id, name: statusNameIn(status, ctx.customer.language), category, color, onRoadmap: true, translations: readTranslations(status.translations) },
      posts,
      nextCursor: page.nextCursor,
    };
  });
  return { columns };
}
