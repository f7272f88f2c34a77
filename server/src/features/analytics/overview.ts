import type { z } from "@hono/zod-openapi";
import type { Ctx } from "../../platform/context.js";
import { nowMs } from "../../platform/lib/clock.js";
import { requireScope } from "../../platform/scopes.js";
import { firstResponse } from "./first-response.js";
import { periodOf } from "./period.js";
import type { AnalyticsOverviewSchema } from "./schema.js";
import { statusChanges } from "./status-changes.js";
import { topCompanies } from "./top-companies.js";
import { highestRevenue, mostVoted } from "./top-posts.js";
import { weeklyActivity } from "./weeks.js";

// The overview's numbers for a period: each a query the database answers from its indexes (grouped
// counts, a top-5, window functions), never rows loaded to be counted here. They run one after the
// other: SQLite answers one query at a time anyway, and a PostgreSQL pool is shared with every request.

export type AnalyticsOverview = z.output<typeof AnalyticsOverviewSchema>;

export async function getAnalyticsOverview({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { from?: string | undefined; to?: string | undefined };
}): Promise<AnalyticsOverview> {
  requireScope(ctx.actor.scopes, "analytics:read");
  const period = periodOf(input, nowMs());
  const db = ctx.services.db;
  return {
    from: period.from,
    to: period.to,
    weeks: await weeklyActivity(db, ctx, period),
    mostVoted: await mostVoted(db, ctx, period),
    highestRevenue: await highestRevenue(db, ctx, period),
    firstResponse: await firstResponse(db, ctx, period),
    statusChanges: await statusChanges(db, ctx, period),
    topCompanies: await topCompanies(db, ctx, period),
  };
}
