import type { Ctx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { literalBounds, type Period } from "./period.js";

/** The companies whose end users voted for the most posts in the period; a tie goes to the larger spend. */
export async function topCompanies(db: Db, ctx: Ctx, period: Period) {
  const bounds = literalBounds(period);
  const rows = await db
    .selectFrom("votes as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select(["c.id", "c.name", "c.monthly_spend", (eb) => eb.fn.count<number>("v.post_id").distinct().as("requests")])
    .where("v.workspace_id", "=", ctx.workspace.id)
    .where("v.created_at", ">=", bounds.start)
    .where("v.created_at", "<", bounds.end)
    .groupBy(["c.id", "c.name", "c.monthly_spend"])
    .orderBy("requests", "desc")
    .orderBy("c.monthly_spend", "desc")
    .orderBy("c.id")
    .limit(5)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, monthlySpend: r.monthly_spend, requests: Number(r.requests) }));
}
