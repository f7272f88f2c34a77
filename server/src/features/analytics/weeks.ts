import { sql } from "kysely";
import type { Ctx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { literalBounds, mondaysOf, type Period, weekStartOf } from "./period.js";

type Counted = "posts" | "votes" | "comments";

/** How many rows of `table` the workspace wrote in each week of the period: one grouped range read. */
async function perWeek(db: Db, ctx: Ctx, table: Counted, period: Period): Promise<Map<string, number>> {
  const bounds = literalBounds(period);
  const week = weekStartOf(ctx.services.dialect, sql.ref(`${table}.created_at`));
  let query = db
    .selectFrom(table)
    .select([week.label.as("week"), (eb) => eb.fn.countAll<number>().as("n")])
    .where(`${table}.workspace_id`, "=", ctx.workspace.id)
    .where(`${table}.created_at`, ">=", bounds.start)
    .where(`${table}.created_at`, "<", bounds.end);
  if (table === "posts") query = query.where("posts.deleted_at", "is", null).where("posts.held", "=", 0);
  if (table === "comments") query = query.where("comments.internal", "=", 0).where("comments.deleted_at", "is", null).where("comments.held", "=", 0);
  const rows = await query.groupBy(week.key).execute();
  return new Map(rows.map((r) => [r.week, Number(r.n)]));
}

/** Posts, votes and public comments written each week, every week of the period listed. */
export async function weeklyActivity(db: Db, ctx: Ctx, period: Period) {
  const [posts, votes, comments] = [
    await perWeek(db, ctx, "posts", period),
    await perWeek(db, ctx, "votes", period),
    await perWeek(db, ctx, "comments", period),
  ];
  return mondaysOf(period).map((weekStart) => ({
    weekStart,
    posts: posts.get(weekStart) ?? 0,
    votes: votes.get(weekStart) ?? 0,
    comments: comments.get(weekStart) ?? 0,
  }));
}
