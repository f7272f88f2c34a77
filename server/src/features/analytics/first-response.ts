import { sql } from "kysely";
import type { Ctx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { literalBounds, type Period, secondsBetween } from "./period.js";

// Time to first response: for each end user's post written in the period, the time to the team's
// first public comment (a member's, or the team's through a key). Median and 90th percentile by
// nearest rank, computed in the database with window functions: ranks ⌈n/2⌉ and ⌈0.9 n⌉, written
// with integer division, which both databases share.

const hours = (seconds: unknown) => (seconds === null || seconds === undefined ? null : Math.round((Number(seconds) / 3600) * 10) / 10);

export async function firstResponse(db: Db, ctx: Ctx, period: Period) {
  const bounds = literalBounds(period);
  const answeredAt = sql.ref("f.answered_at");
  const postedAt = sql.ref("f.created_at");
  const result = await sql<{ answered: number | null; unanswered: number | null; median: number | null; p90: number | null }>`
    with replies as (
      -- Each post's first public team reply: one range read of the workspace's comments since the
      -- period began (a reply to a post of the period cannot be older), grouped, not a probe per post.
      select c.post_id, min(c.created_at) as answered_at from comments c
      where c.workspace_id = ${ctx.workspace.id} and c.created_at >= ${bounds.start}
        and c.internal = 0 and c.deleted_at is null and (c.author_id is null or c.author_id like 'mem_%')
      group by c.post_id
    ),
    f as (
      select p.created_at, r.answered_at from posts p left join replies r on r.post_id = p.id
      where p.workspace_id = ${ctx.workspace.id} and p.created_at >= ${bounds.start} and p.created_at < ${bounds.end}
        and p.deleted_at is null and p.held = 0 and p.author_id like 'usr_%'
    ),
    ranked as (
      select ${secondsBetween(ctx.services.dialect, answeredAt, postedAt)} as s,
        row_number() over (order by ${secondsBetween(ctx.services.dialect, answeredAt, postedAt)}) as r,
        count(*) over () as n
      from f where f.answered_at is not null
    )
    select
      (select count(*) from ranked) as answered,
      (select count(*) from f where f.answered_at is null) as unanswered,
      (select max(s) from ranked where r = (n + 1) / 2) as median,
      (select max(s) from ranked where r = (9 * n + 9) / 10) as p90`.execute(db);
  const row = result.rows[0];
  return { answered: Number(row?.answered ?? 0), unanswered: Number(row?.unanswered ?? 0), medianHours: hours(row?.median), p90Hours: hours(row?.p90) };
}
