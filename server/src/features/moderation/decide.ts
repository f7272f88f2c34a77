import type { z } from "@hono/zod-openapi";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, invalidReference } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { requireScope } from "../../platform/scopes.js";
import { recordNewComment } from "../comments/index.js";
import { recordNewPost, findPost } from "../posts/index.js";
import { castAuthorVote } from "../votes/index.js";
import type { ModerateCommentsSchema, ModeratePostsSchema } from "./schema.js";

// The team's decision on what waits: approving announces it as if it had just been written (the
// same verbs write its event and notifications, so a held post's events fire once, here);
// rejecting deletes it with an audit row and nothing else, since nothing was ever announced of it.
// One request decides up to 100, all or none: an id that cannot take the decision is refused
// before anything changes.

export type ModeratePostsInput = z.output<typeof ModeratePostsSchema>;
export type ModerateCommentsInput = z.output<typeof ModerateCommentsSchema>;
type Decision = ModeratePostsInput["decision"];

interface Decidable {
  id: string;
  held: number;
  deleted_at: string | null;
}

/**
 * Which of `ids` wait for `decision` (in the order given): an unknown id is a 400 at its place;
 * approving a rejected one or rejecting an approved one is a 409 (restore it, or delete it,
 * instead); one decided already the same way is left out.
 */
function waiting(rows: Decidable[], ids: string[], decision: Decision, what: "post" | "comment"): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: string[] = [];
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id);
    const rejected = row?.held === 1 && row.deleted_at !== null;
    // A deleted row that never waited is gone, as for any unknown id.
    if (!row || (row.deleted_at !== null && row.held === 0)) throw invalidReference(`/ids/${index}`, what, id);
    if (decision === "approve" && rejected) throw new HeedError("conflict", `The ${what} '${id}' was rejected: restore it first, then approve it.`);
    if (decision === "reject" && row.held === 0) throw new HeedError("conflict", `The ${what} '${id}' was approved already: delete it instead.`);
    if (row.held === 1 && row.deleted_at === null && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * Decides every id the request names, in one transaction: `rows` reads them (the workspace's
 * only), `decideOne` acts on each that waits.
 */
async function decideAll<Row extends Decidable>(
  ctx: Ctx,
  input: { ids: string[]; decision: Decision },
  what: "post" | "comment",
  rows: (tx: Tx) => Promise<Row[]>,
  decideOne: (tx: Tx, row: Row) => Promise<boolean>,
): Promise<{ decided: number }> {
  return inTransaction(ctx, async (tx) => {
    const found = await rows(tx);
    let decided = 0;
    for (const id of waiting(found, input.ids, input.decision, what)) if (await decideOne(tx, found.find((r) => r.id === id)!)) decided++;
    return { decided };
  });
}

/**
 * Takes it out of the queue if it is still in it: false when another request decided it first.
 * On PostgreSQL the second of two concurrent decisions waits on the row, then finds it decided, so
 * nothing is announced twice; SQLite writes one transaction at a time.
 */
async function takeFromQueue(tx: Tx, table: "posts" | "comments", id: string, change: { held: 0 } | { deleted_at: string }, at: string): Promise<boolean> {
  const taken = await tx
    .updateTable(table)
    .set({ ...change, updated_at: at })
    .where("id", "=", id)
    .where("held", "=", 1)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export async function moderatePosts({ ctx, input }: { ctx: Ctx; input: ModeratePostsInput }): Promise<{ decided: number }> {
  requireScope(ctx.actor.scopes, "posts:write");
  return decideAll(
    ctx,
    input,
    "post",
    (tx) =>
      tx.selectFrom("posts").select(["id", "held", "deleted_at", "title"]).where("workspace_id", "=", ctx.workspace.id).where("id", "in", input.ids).execute(),
    (tx, row) => decidePost(tx, ctx, row.id, input.decision, row.title),
  );
}

async function decidePost(tx: Tx, ctx: Ctx, id: string, decision: Decision, title: string): Promise<boolean> {
  const at = nowIso();
  if (!(await takeFromQueue(tx, "posts", id, decision === "approve" ? { held: 0 } : { deleted_at: at }, at))) return false;
  if (decision === "reject") {
    await recordChange(tx, ctx, { action: "post.rejected", objectType: "post", objectId: id, audit: { title } });
    return true;
  }
  // Deciding on it is seeing it: it does not land in New as well.
  await tx.updateTable("posts").set({ seen_at: at }).where("id", "=", id).where("seen_at", "is", null).execute();
  const approved = await recordNewPost(tx, ctx, id, "post.approved");
  if (approved.author) await castAuthorVote(tx, ctx, id, approved.author.id);
  return true;
}

export async function moderateComments({ ctx, input }: { ctx: Ctx; input: ModerateCommentsInput }): Promise<{ decided: number }> {
  requireScope(ctx.actor.scopes, "comments:write");
  return decideAll(
    ctx,
    input,
    "comment",
    (tx) =>
      tx
        .selectFrom("comments")
        .select(["id", "held", "deleted_at", "post_id"])
        .where("workspace_id", "=", ctx.workspace.id)
        .where("id", "in", input.ids)
        .execute(),
    (tx, row) => decideComment(tx, ctx, row.id, input.decision, row.post_id),
  );
}

async function decideComment(tx: Tx, ctx: Ctx, id: string, decision: Decision, postId: string): Promise<boolean> {
  const at = nowIso();
  if (decision === "reject") {
    if (!(await takeFromQueue(tx, "comments", id, { deleted_at: at }, at))) return false;
    await recordChange(tx, ctx, { action: "comment.rejected", objectType: "comment", objectId: id, audit: { postId } });
    return true;
  }
  const post = await findPost(tx, ctx, postId);
  if (!post) throw new HeedError("conflict", `The post of comment '${id}' was deleted or waits for approval itself: decide the post first.`);
  if (!(await takeFromQueue(tx, "comments", id, { held: 0 }, at))) return false;
  await recordNewComment(tx, ctx, post, id, { action: "comment.approved" });
  return true;
}
