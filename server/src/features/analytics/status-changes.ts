import { sql } from "kysely";
import type { Ctx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { literalBounds, type Period } from "./period.js";

/** How many posts moved to each status in the period, read from the audit log's status changes (indexed by action). */
export async function statusChanges(db: Db, ctx: Ctx, period: Period) {
  const bounds = literalBounds(period);
  const to = ctx.services.dialect === "postgres" ? sql<string>`(a.data::jsonb ->> 'to')` : sql<string>`json_extract(a.data, '$.to')`;
  const rows = await db
    .selectFrom("audit_log as a")
    .innerJoin("statuses as s", (join) => join.on("s.id", "=", to).onRef("s.workspace_id", "=", "a.workspace_id"))
    .select(["s.id", "s.name", "s.category", "s.position", (eb) => eb.fn.count<number>("a.object_id").distinct().as("posts")])
    .where("a.workspace_id", "=", ctx.workspace.id)
    .where("a.action", "=", "post.status_changed")
    .where("a.created_at", ">=", bounds.start)
    .where("a.created_at", "<", bounds.end)
    .groupBy(["s.id", "s.name", "s.category", "s.position"])
    .orderBy("posts", "desc")
    .orderBy("s.position")
    .execute();
  return rows.map((r) => ({ status: { id: r.id, name: r.name, category: r.category }, posts: Number(r.posts) }));
}
