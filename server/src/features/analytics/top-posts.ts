import type { Ctx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import type { StatusCategory } from "../../platform/db/schema.js";
import { selectPosts } from "../posts/index.js";
import { literalBounds, type Period } from "./period.js";

const TOP = 5;

type Summary = { id: string; title: string; status: { id: string; name: string; category: StatusCategory }; voteCount: number; revenue: number };

async function summaries(db: Db, ctx: Ctx, ids: string[]): Promise<Map<string, Summary>> {
  if (ids.length === 0) return new Map();
  const rows = await selectPosts(db).where("p.workspace_id", "=", ctx.workspace.id).where("p.id", "in", ids).execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, title: r.title, status: { id: r.status_id, name: r.status_name, category: r.status_category }, voteCount: r.vote_count, revenue: r.revenue },
    ]),
  );
}

/** The posts with the most votes cast in the period (live ones: a merged post's votes count where they went). */
export async function mostVoted(db: Db, ctx: Ctx, period: Period) {
  const bounds = literalBounds(period);
  const top = await db
    .selectFrom("votes as v")
    .innerJoin("posts as p", "p.id", "v.post_id")
    .select(["v.post_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("v.workspace_id", "=", ctx.workspace.id)
    .where("v.created_at", ">=", bounds.start)
    .where("v.created_at", "<", bounds.end)
    .where("p.deleted_at", "is", null)
    .where("p.held", "=", 0)
    .where("p.merged_into_id", "is", null)
    .groupBy("v.post_id")
    .orderBy("n", "desc")
    .orderBy("v.post_id")
    .limit(TOP)
    .execute();
  const found = await summaries(
    db,
    ctx,
    top.map((t) => t.post_id),
  );
  return top.flatMap((t) => {
    const post = found.get(t.post_id);
    return post ? [{ ...post, votesInPeriod: Number(t.n) }] : [];
  });
}

/** Of the posts voted for in the period, those whose voters' companies spend the most: the revenue index read from the top. */
export async function highestRevenue(db: Db, ctx: Ctx, period: Period) {
  const bounds = literalBounds(period);
  const top = await db
    .selectFrom("posts as p")
    .select("p.id")
    .where("p.workspace_id", "=", ctx.workspace.id)
    .where("p.deleted_at", "is", null)
    .where("p.held", "=", 0)
    .where("p.merged_into_id", "is", null)
    .where("p.revenue", ">", 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("votes as v")
          .select("v.post_id")
          .whereRef("v.post_id", "=", "p.id")
          .where("v.created_at", ">=", bounds.start)
          .where("v.created_at", "<", bounds.end),
      ),
    )
    .orderBy("p.revenue", "desc")
    .orderBy("p.id", "desc")
    .limit(TOP)
    .execute();
  const found = await summaries(
    db,
    ctx,
    top.map((t) => t.id),
  );
  return top.flatMap((t) => found.get(t.id) ?? []);
}
