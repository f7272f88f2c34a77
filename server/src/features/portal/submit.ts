import type { z } from "@hono/zod-openapi";
import { isoAt, nowMs } from "../../platform/lib/clock.js";
import type { SubmitPostSchema } from "./schema.js";
import { inTransaction, type Tx } from "../../platform/context.js";
import { requireViewer, type CustomerCtx } from "../../http/credentials/customer-context.js";
import { isGuest } from "./guest.js";
import { HeedError, invalidReference } from "../../platform/errors.js";
import { insertPost } from "../posts/index.js";
import { resolveStatus } from "../posts/index.js";
import { castAuthorVote } from "../votes/index.js";
import { type PortalPostView, toPortalPost } from "./view.js";
import type { CountSubmission } from "../moderation/index.js";
import { screenPortalSubmission } from "./screen.js";

const HOUR_MS = 3_600_000;

/**
 * Counts a guest's post against the caps per client address and per workspace (the request's
 * business: features/portal/guest-post-limits.ts), or refuses it with a 429.
 */
export type CountGuestPost = (workspaceId: string) => Promise<void>;

/** The validated body of `POST /portal/posts`. */
export type SubmitPostInput = z.output<typeof SubmitPostSchema>;

/**
 * At most `portalPostsPerHour` posts per end user in any hour; over it, a 429 whose retry-after
 * says when the oldest post of the hour leaves the window. The user's row is locked first on
 * PostgreSQL so two concurrent submissions cannot both pass the count (SQLite writes one at a time).
 */
async function checkPostCap(tx: Tx, ctx: CustomerCtx, userId: string): Promise<void> {
  const cap = ctx.customer.workspace.portalPostsPerHour;
  if (cap === null) return;
  if (ctx.services.dialect === "postgres") {
    await tx.selectFrom("users").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "=", userId).forUpdate().execute();
  }
  const since = isoAt(nowMs() - HOUR_MS);
  const recent = await tx
    .selectFrom("posts")
    .select("created_at")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("author_id", "=", userId)
    .where("created_at", ">=", since)
    .orderBy("created_at")
    .execute();
  if (recent.length < cap) return;
  const freeAt = Date.parse(recent[recent.length - cap]!.created_at) + HOUR_MS;
  const retryAfter = Math.max(1, Math.ceil((freeAt - nowMs()) / 1000));
  throw new HeedError("post_limit_reached", `At most ${cap} posts per hour; retry in ${retryAfter} s.`, { headers: { "retry-after": String(retryAfter) } });
}

/**
 * An identified end user posts an idea on a public board, in the default status. A guest's post
 * (an unverified `guest:` end user) also counts against the caps per client address and per
 * workspace, once everything else about it is accepted. Under the workspace's moderation it may
 * wait for approval (`heldForApproval` in the answer, to its author alone).
 */
export async function submitPortalPost({
  ctx,
  input,
  countGuestPost,
  countSubmission,
}: {
  ctx: CustomerCtx;
  input: SubmitPostInput;
  countGuestPost: CountGuestPost;
  countSubmission: CountSubmission;
}): Promise<PortalPostView> {
  const viewer = requireViewer(ctx);
  return inTransaction(ctx, async (tx) => {
    const board = await tx
      .selectFrom("boards")
      .select("id")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "=", input.boardId)
      .where("visibility", "=", "public")
      .executeTakeFirst();
    if (!board) throw invalidReference("/boardId", "board", input.boardId);
    await checkPostCap(tx, ctx, viewer.id);
    if (isGuest(viewer)) await countGuestPost(ctx.workspace.id);
    const statusId = await resolveStatus(tx, ctx, undefined);
    const hold = await screenPortalSubmission(tx, ctx, viewer.id, { kind: "post", title: input.title, body: input.body ?? "" }, countSubmission);
    const post = await insertPost(tx, ctx, { ...input, statusId, tagIds: [], authorId: viewer.id }, hold);
    if (hold.held) return toPortalPost(post, false);
    const voted = await castAuthorVote(tx, ctx, post.id, viewer.id);
    return voted ? toPortalPost({ ...post, voteCount: voted.voteCount }, true) : toPortalPost(post, false);
  });
}
