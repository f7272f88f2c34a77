import type { Ctx, Services } from "../../../platform/context.js";
import { SYSTEM_ACTOR } from "../../../platform/context.js";
import { recordSystemChange } from "../../../platform/changes/record.js";
import { nowIso } from "../../../platform/lib/clock.js";
import { log } from "../../../platform/lib/log.js";
import { possibleDuplicates } from "../../../platform/search/likeness.js";
import { postsLike } from "../similar.js";
import { findPost } from "../view.js";

// A queued post (queue.ts) is compared with the workspace's posts written before it that are still
// open (status category `open` or `active`; not merged, not deleted): those whose titles say the
// same thing both ways (platform/search/likeness.ts, 60% of the words each way) become its
// suggestions, the closest three. Only earlier posts: of two alike, the later one is the duplicate.

/** How many suggestions a post keeps. */
const MOST = 3;
/** How many of the engine's closest posts are compared. */
const CANDIDATES = 20;

type Queued = { post_id: string; workspace_id: string; queued_at: string };

async function suggestionsFor(ctx: Ctx, postId: string) {
  const db = ctx.services.db;
  const post = await findPost(db, ctx, postId);
  if (!post || post.merged_into_id !== null) return [];
  const alike = await postsLike(db, ctx, post.title, { name: "duplicate-check", wholeWords: true }, { limit: CANDIDATES, exceptId: post.id });
  return alike
    .filter((other) => other.status_category === "open" || other.status_category === "active")
    .filter((other) => other.created_at < post.created_at || (other.created_at === post.created_at && other.id < post.id))
    .filter((other) => possibleDuplicates(post, other))
    .slice(0, MOST);
}

/**
 * Checks one queued post and writes what it found, unless the post was queued again meanwhile
 * (then the newer check writes) or another process checked it first: the queue row is deleted only
 * as it was read, in the transaction that writes the suggestions. A suggestion dismissed keeps its
 * row, so it is not offered again; the rest are replaced. Raises the workspace's version, so kept
 * answers show the suggestions at once.
 */
async function checkOne(services: Services, queued: Queued): Promise<void> {
  const workspace = await services.db.selectFrom("workspaces").select(["id", "slug"]).where("id", "=", queued.workspace_id).executeTakeFirst();
  const ctx: Ctx = { services, workspace: workspace ?? { id: queued.workspace_id, slug: "" }, actor: SYSTEM_ACTOR, requestId: null };
  const found = workspace ? await suggestionsFor(ctx, queued.post_id) : [];
  await services.db.transaction().execute(async (tx) => {
    const claimed = await tx.deleteFrom("duplicate_checks").where("post_id", "=", queued.post_id).where("queued_at", "=", queued.queued_at).executeTakeFirst();
    if (Number(claimed.numDeletedRows) === 0 || !workspace) return;
    await tx.deleteFrom("duplicate_suggestions").where("post_id", "=", queued.post_id).where("dismissed_at", "is", null).execute();
    if (found.length > 0) {
      const at = nowIso();
      await tx
        .insertInto("duplicate_suggestions")
        .values(
          found.map((other) => ({
            post_id: queued.post_id,
            duplicate_of_id: other.id,
            workspace_id: queued.workspace_id,
            similarity: other.similarity,
            created_at: at,
            dismissed_at: null,
            dismissed_by: null,
          })),
        )
        .onConflict((oc) => oc.columns(["post_id", "duplicate_of_id"]).doNothing())
        .execute();
    }
    await recordSystemChange(tx, queued.workspace_id);
  });
}

/** Checks up to `batchSize` queued posts, oldest first; how many it took. */
export async function checkQueuedPosts(services: Services, batchSize = 10): Promise<number> {
  const queued = await services.db.selectFrom("duplicate_checks").selectAll().orderBy("queued_at").orderBy("post_id").limit(batchSize).execute();
  for (const one of queued) {
    try {
      await checkOne(services, one);
    } catch (error) {
      // Dropped rather than retried each pass: one post that cannot be checked must not hold up the rest.
      log.warn("duplicate check failed", { error, postId: one.post_id });
      await services.db.deleteFrom("duplicate_checks").where("post_id", "=", one.post_id).where("queued_at", "=", one.queued_at).execute();
    }
  }
  return queued.length;
}
