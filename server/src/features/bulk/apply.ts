import type { Ctx, Tx } from "../../platform/context.js";
import { findPost, type PostRow } from "../posts/index.js";
import { changePostStatus, updatePost } from "../posts/verbs.js";
import { addPostTag, removePostTag } from "../tags/index.js";
import type { BulkAction } from "./schema.js";

// One post of a bulk job: the action applied through the same verb a single change uses (its own
// audit row, webhook event and notifications, exactly as by hand), and its undo. What the post held
// before and after is kept as a Held, so an undo restores it only where it still holds what the
// job set: a post changed since is someone's newer decision, and stays.

/** The one thing an action changes, as the post holds it. */
export type Held = { statusId: string } | { boardId: string } | { ownerId: string | null } | { tagged: boolean };

async function hasTag(tx: Tx, postId: string, tagId: string): Promise<boolean> {
  return (await tx.selectFrom("post_tags").select("post_id").where("post_id", "=", postId).where("tag_id", "=", tagId).executeTakeFirst()) !== undefined;
}

/** What `post` holds of what `action` changes. */
export async function heldBy(tx: Tx, post: PostRow, action: BulkAction): Promise<Held> {
  switch (action.kind) {
    case "status":
      return { statusId: post.status_id };
    case "board":
      return { boardId: post.board_id };
    case "owner":
      return { ownerId: post.owner_id };
    case "tag":
    case "untag":
      return { tagged: await hasTag(tx, post.id, action.tagId) };
  }
}

/** What the post holds once `action` applied. */
export function heldAfter(action: BulkAction): Held {
  switch (action.kind) {
    case "status":
      return { statusId: action.statusId };
    case "board":
      return { boardId: action.boardId };
    case "owner":
      return { ownerId: action.ownerId };
    case "tag":
      return { tagged: true };
    case "untag":
      return { tagged: false };
  }
}

/** Makes the post hold `held` through the verbs (joining the transaction in `ctx.tx`). */
async function setHeld(ctx: Ctx, postId: string, action: BulkAction, held: Held, notify = true): Promise<void> {
  if ("statusId" in held) await changePostStatus({ ctx, input: { postId, statusId: held.statusId, notify } });
  else if ("boardId" in held) await updatePost({ ctx, input: { id: postId, patch: { boardId: held.boardId } } });
  else if ("ownerId" in held) await updatePost({ ctx, input: { id: postId, patch: { ownerId: held.ownerId } } });
  else if (action.kind === "tag" || action.kind === "untag") {
    const input = { postId, tagId: action.tagId };
    if (held.tagged) await addPostTag({ ctx, input });
    else await removePostTag({ ctx, input });
  }
}

const same = (a: Held, b: Held) => JSON.stringify(a) === JSON.stringify(b);

/** Applies the action to one post: undefined when there was nothing to change (already so, or gone). */
export async function applyToPost(
  ctx: Ctx & { tx: Tx },
  postId: string,
  action: BulkAction,
  notify: boolean,
): Promise<{ before: Held; after: Held } | undefined> {
  const post = await findPost(ctx.tx, ctx, postId);
  if (!post || post.merged_into_id !== null) return undefined;
  const before = await heldBy(ctx.tx, post, action);
  const after = heldAfter(action);
  if (same(before, after)) return undefined;
  await setHeld(ctx, postId, action, after, notify);
  return { before, after };
}

/** Puts one post back as it was: false (kept) when it no longer holds what the job set. */
export async function undoOnPost(ctx: Ctx & { tx: Tx }, postId: string, action: BulkAction, change: { before: Held; after: Held }): Promise<boolean> {
  const post = await findPost(ctx.tx, ctx, postId);
  if (!post || post.merged_into_id !== null) return false;
  if (!same(await heldBy(ctx.tx, post, action), change.after)) return false;
  await setHeld(ctx, postId, action, change.before);
  return true;
}
