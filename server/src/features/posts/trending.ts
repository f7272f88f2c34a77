import { recordSystemChange } from "../../platform/changes/record.js";
import type { ExpressionBuilder } from "kysely";
import { isoAt } from "../../platform/lib/clock.js";
import type { Database } from "../../platform/db/schema.js";
import type { Db } from "../../platform/db/database.js";

/** `trending` ranks posts by their votes of the last 14 days. */
export const TRENDING_WINDOW_MS = 14 * 86_400_000;

const CHUNK = 500;

/** A post's votes of the trending window, as a subquery of an update of `posts`. */
export function trendingCount(eb: ExpressionBuilder<Database, "posts">, cutoff: string) {
  return eb
    .selectFrom("votes")
    .select((v) => v.fn.countAll<number>().as("n"))
    .whereRef("votes.post_id", "=", "posts.id")
    .where("votes.created_at", ">=", cutoff);
}

/**
 * Votes age out of the trending window with time, not with writes, so the stored counts are
 * recounted periodically. Vote verbs add to trending_count as they go; this job only lowers it.
 * Only posts with a count above zero can be stale. Each chunk is one UPDATE that writes only the
 * rows whose count changed, so the SQLite write lock is held for milliseconds at a time.
 * Returns how many posts changed.
 */
export async function refreshTrending(db: Db, workspaceId: string, nowMs: number): Promise<number> {
  const cutoff = isoAt(nowMs - TRENDING_WINDOW_MS);
  const ids = (await db.selectFrom("posts").select("id").where("workspace_id", "=", workspaceId).where("trending_count", ">", 0).execute()).map((r) => r.id);
  let changed = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const recount = (eb: ExpressionBuilder<Database, "posts">) => trendingCount(eb, cutoff);
    const result = await db
      .updateTable("posts")
      .set((eb) => ({ trending_count: recount(eb) }))
      .where("workspace_id", "=", workspaceId)
      .where("id", "in", ids.slice(i, i + CHUNK))
      .where((eb) => eb("trending_count", "<>", recount(eb)))
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  // A job's change, not a verb's: no audit row, but readers must see the new ranking.
  if (changed > 0) await recordSystemChange(db, workspaceId);
  return changed;
}
