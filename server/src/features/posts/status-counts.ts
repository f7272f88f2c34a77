import type { z } from "@hono/zod-openapi";
import type { CountPostsByStatusQuery, PostStatusCountsSchema } from "./schema.js";
import { reader, type Ctx } from "../../platform/context.js";
import { requireScope } from "../../platform/scopes.js";
import { postFilters } from "./list-filters.js";
import { prepareSearch } from "../../platform/search/query.js";

// How many posts each status holds among those a list's other filters select: the inbox's counts
// beside its status filter. One grouped query over the same condition as the list.

export type PostStatusCountsView = z.output<typeof PostStatusCountsSchema>;

export async function countPostsByStatus({ ctx, input }: { ctx: Ctx; input: z.output<typeof CountPostsByStatusQuery> }): Promise<PostStatusCountsView> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  const search = input.q === undefined ? undefined : await prepareSearch(db, ctx.services.dialect, ctx.workspace.id, input.q);
  const [statuses, counts] = await Promise.all([
    db.selectFrom("statuses").select(["id", "name", "category"]).where("workspace_id", "=", ctx.workspace.id).orderBy("position").orderBy("id").execute(),
    // Words that index nothing (`q` of stop words only) select no post.
    input.q !== undefined && !search
      ? []
      : db
          .selectFrom("posts as p")
          .innerJoin("statuses as s", "s.id", "p.status_id")
          .select(["p.status_id", (eb) => eb.fn.countAll<number | string>().as("count")])
          .where((eb) => postFilters(eb, db, ctx, input, { name: "status-counts" }, search))
          .groupBy("p.status_id")
          .execute(),
  ]);
  const byStatus = new Map(counts.map((c) => [c.status_id, Number(c.count)]));
  return { data: statuses.map((s) => ({ status: s, count: byStatus.get(s.id) ?? 0 })) };
}
