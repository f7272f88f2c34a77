import { sql } from "kysely";
import { recordSystemChange } from "../../../platform/changes/record.js";
import type { Db } from "../../../platform/db/database.js";
import { recountPosts, recountRevenue } from "../../posts/index.js";
import type { Landing } from "./chunk.js";
import type { PendingParent } from "./activity.js";
import type { PendingMerge } from "./posts.js";

// After every row has landed: replies linked to parents that came later in the source, merges made
// (the source's duplicates merged into their canonical posts, votes pooled as Heed's merge pools
// them), and the counters of every post the batch touched recounted from the rows, a few hundred
// posts to a statement. Each step is its own short transaction.

const GROUP = 500;

export async function linkParents(landing: Landing, db: Db, parents: PendingParent[], dryRun: boolean): Promise<void> {
  const found: { commentId: string; parentId: string }[] = [];
  for (const pending of parents) {
    const parentId = landing.state.refs.comment.get(pending.parentRef);
    if (parentId) found.push({ commentId: pending.commentId, parentId });
    else
      landing.report.problem(
        "comments",
        pending.place,
        {
          field: "parentId",
          code: "parent_not_found",
          message: "The comment it answers is not in the import: kept as a comment of its own.",
          value: pending.parentRef,
        },
        "kept",
      );
  }
  if (dryRun) return;
  for (let i = 0; i < found.length; i += GROUP) {
    await db.transaction().execute(async (tx) => {
      for (const { commentId, parentId } of found.slice(i, i + GROUP))
        await tx.updateTable("comments").set({ parent_id: parentId }).where("id", "=", commentId).execute();
    });
  }
}

/** Each duplicate's canonical post at the end of its chain (A into B into C: A goes into C), or why not. */
function canonicalOf(landing: Landing, merge: PendingMerge, into: Map<string, string>): string | { code: string; message: string } {
  let target = landing.state.refs.post.get(merge.intoRef);
  if (!target) return { code: "merge_target_not_found", message: "The post it was merged into is not in the import: it stays a post of its own." };
  const visited = new Set([merge.postId]);
  while (into.has(target)) {
    if (visited.has(target)) return { code: "merge_cycle", message: "Its merges go round in a circle: it stays a post of its own." };
    visited.add(target);
    target = into.get(target)!;
  }
  if (target === merge.postId) return { code: "merge_cycle", message: "It is merged into itself: it stays a post of its own." };
  return target;
}

export async function makeMerges(landing: Landing, db: Db, merges: PendingMerge[], dryRun: boolean): Promise<void> {
  const into = new Map<string, string>();
  for (const merge of merges) {
    const target = landing.state.refs.post.get(merge.intoRef);
    if (target) into.set(merge.postId, target);
  }
  const made: { postId: string; canonicalId: string }[] = [];
  for (const merge of merges) {
    const canonical = canonicalOf(landing, merge, into);
    if (typeof canonical === "string") made.push({ postId: merge.postId, canonicalId: canonical });
    else landing.report.problem("posts", merge.place, { field: "mergedInto", ...canonical, value: merge.intoRef }, "kept");
  }
  if (dryRun) return;
  const ws = landing.state.workspaceId;
  for (let i = 0; i < made.length; i += GROUP) {
    await db.transaction().execute(async (tx) => {
      for (const { postId, canonicalId } of made.slice(i, i + GROUP)) {
        // As mergePost does: each vote whose person has not voted on the canonical post moves there,
        // marked with where it came from (so an unmerge in Heed puts it back); comments move too.
        await tx
          .updateTable("votes")
          .set({ post_id: canonicalId, origin_post_id: postId })
          .where("workspace_id", "=", ws)
          .where("post_id", "=", postId)
          .where("user_id", "not in", (eb) => eb.selectFrom("votes as mine").select("mine.user_id").where("mine.post_id", "=", canonicalId))
          .execute();
        await tx
          .updateTable("comments")
          .set({ post_id: canonicalId, origin_post_id: postId })
          .where("workspace_id", "=", ws)
          .where("post_id", "=", postId)
          .execute();
        await tx.updateTable("posts").set({ merged_into_id: canonicalId }).where("id", "=", postId).execute();
        landing.state.touchedPosts.add(canonicalId);
      }
    });
  }
}

/** Votes, trending votes, comments, revenue and last activity of every post the batch touched. */
export async function recountTouched(landing: Landing, db: Db, onGroup: (done: number, total: number) => Promise<void>): Promise<void> {
  const ids = [...landing.state.touchedPosts];
  const latest = landing.dialect === "postgres" ? "greatest" : "max";
  for (let i = 0; i < ids.length; i += GROUP) {
    const group = ids.slice(i, i + GROUP);
    await db.transaction().execute(async (tx) => {
      await recountPosts(tx, group);
      await recountRevenue(tx, landing.state.workspaceId, { postIds: group });
      await tx
        .updateTable("posts")
        .set({
          last_activity_at: sql<string>`${sql.raw(latest)}(posts.created_at,
            coalesce((select max(v.created_at) from votes v where v.post_id = posts.id), posts.created_at),
            coalesce((select max(c.created_at) from comments c where c.post_id = posts.id), posts.created_at))`,
        })
        .where("id", "in", group)
        .execute();
    });
    await onGroup(Math.min(i + GROUP, ids.length), ids.length);
  }
  // Cached answers and the portal's pages are made anew: the workspace changed under them.
  await recordSystemChange(db, landing.state.workspaceId);
}
