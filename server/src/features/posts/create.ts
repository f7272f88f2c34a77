import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { PostsTable } from "../../platform/db/schema.js";
import type { CreatePostSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { requireScope } from "../../platform/scopes.js";
import { checkAuthor, checkBoard, checkOwner, checkTags, resolveStatus } from "./references.js";
import { followAsActor, followPostAs } from "../notifications/index.js";
import { indexText, replaceTags } from "./store.js";
import { findPost, toPostViews, type PostView } from "./view.js";
import { type Hold, NOT_HELD, spamSignalsColumn } from "../../platform/moderation/hold.js";

export type CreatePostInput = z.output<typeof CreatePostSchema>;

export async function createPost({ ctx, input }: { ctx: Ctx; input: CreatePostInput }): Promise<PostView> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    await checkBoard(tx, ctx, input.boardId);
    const statusId = await resolveStatus(tx, ctx, input.statusId);
    const tagIds = input.tagIds ?? [];
    await checkTags(tx, ctx, tagIds);
    if (input.authorId) await checkAuthor(tx, ctx, input.authorId);
    if (input.ownerId) await checkOwner(tx, ctx, input.ownerId);
    return insertPost(tx, ctx, { ...input, statusId, tagIds });
  });
}

/**
 * Writes a post whose references were checked, with its tags and search terms. Shared by the API
 * and the portal, which check different things first. A post held for approval (the portal's, under
 * moderation) is written with its audit row only: it is announced when the team approves it.
 */
export async function insertPost(tx: Tx, ctx: Ctx, input: CreatePostInput & { statusId: string; tagIds: string[] }, hold: Hold = NOT_HELD): Promise<PostView> {
  const at = nowIso();
  const row: PostsTable = {
    id: newId("post"),
    workspace_id: ctx.workspace.id,
    board_id: input.boardId,
    status_id: input.statusId,
    title: input.title,
    body: input.body ?? "",
    author_id: input.authorId ?? null,
    owner_id: input.ownerId ?? null,
    vote_count: 0,
    trending_count: 0,
    comment_count: 0,
    revenue: 0,
    eta: input.eta ?? null,
    pinned: input.pinned ? 1 : 0,
    comments_locked: 0,
    merged_into_id: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    // What the team writes it has seen; an end user's post is New until the team opens it.
    seen_at: input.authorId?.startsWith("usr_") ? null : at,
    last_activity_at: at,
    held: hold.held ? 1 : 0,
    spam_signals: spamSignalsColumn(hold),
  };
  await tx.insertInto("posts").values(row).execute();
  await replaceTags(tx, ctx, row.id, input.tagIds);
  // Indexed at once, held or not: the team searches its Held view too.
  await indexText(tx, ctx, row.id, { title: row.title, body: row.body });
  if (!hold.held) return recordNewPost(tx, ctx, row.id, "post.created");
  await recordChange(tx, ctx, {
    action: "post.held",
    objectType: "post",
    objectId: row.id,
    audit: { title: row.title, boardId: row.board_id, spamSignals: hold.spamSignals },
  });
  const [view] = toPostViews(ctx, [(await findPost(tx, ctx, row.id, { held: true }))!]);
  return view!;
}

/**
 * What a new post sets off, as it is written or as the team approves it (`action` says which, in
 * the audit log): the `post.created` event (which its followers read: notifications, the look for
 * a duplicate, integrations, webhooks) and who now follows the post.
 */
export async function recordNewPost(tx: Tx, ctx: Ctx, postId: string, action: "post.created" | "post.approved"): Promise<PostView> {
  const row = (await findPost(tx, ctx, postId))!;
  const [view] = toPostViews(ctx, [row]);
  await recordChange(tx, ctx, {
    action,
    objectType: "post",
    objectId: postId,
    audit: { title: row.title, boardId: row.board_id },
    event: { type: "post.created", data: view },
    facts: { authorId: row.author_id },
  });
  // Its author and its owner follow it.
  await followAsActor(tx, ctx, row.id, "created", row.author_id);
  if (row.owner_id) await followPostAs(tx, ctx.workspace.id, row.id, row.owner_id, "owner");
  return view!;
}
