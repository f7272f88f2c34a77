import { requireViewer, type CustomerCtx } from "../../http/credentials/customer-context.js";
import { inTransaction } from "../../platform/context.js";
import { recordChange } from "../../platform/changes/record.js";
import { notFound } from "../../platform/errors.js";
import { livePost } from "./followers.js";
import { type EndUserPreferences, changeEndUserPreferences, readEndUserPreferences } from "./preferences.js";
import { followPostAs, unfollowPostAs } from "./follow-post.js";
import type { PreferencesPatch } from "./user-preferences.js";

// The identified end user's own following and choices, from the portal and the widget.

/** A post on a board the portal shows (a private board's post is, to the portal, not there). */
async function portalPost(ctx: CustomerCtx, postId: string) {
  return inTransaction(ctx, async (tx) => {
    const post = await livePost(tx, ctx, postId);
    const board = await tx
      .selectFrom("posts as p")
      .innerJoin("boards as b", "b.id", "p.board_id")
      .select("b.visibility")
      .where("p.id", "=", post.id)
      .executeTakeFirstOrThrow();
    if (board.visibility !== "public") throw notFound("post", postId);
    return post;
  });
}

export async function followPortalPost({ ctx, input }: { ctx: CustomerCtx; input: { postId: string } }): Promise<{ following: boolean }> {
  const viewer = requireViewer(ctx);
  const post = await portalPost(ctx, input.postId);
  await inTransaction(ctx, async (tx) => {
    const already = await tx
      .selectFrom("post_followers")
      .select("post_id")
      .where("post_id", "=", post.id)
      .where("follower_id", "=", viewer.id)
      .executeTakeFirst();
    if (already) return;
    await followPostAs(tx, ctx.workspace.id, post.id, viewer.id, "followed");
    await recordChange(tx, ctx, { action: "post.followed", objectType: "post", objectId: post.id, audit: { followerId: viewer.id } });
  });
  return { following: true };
}

export async function unfollowPortalPost({ ctx, input }: { ctx: CustomerCtx; input: { postId: string } }): Promise<{ following: boolean }> {
  const viewer = requireViewer(ctx);
  const post = await portalPost(ctx, input.postId);
  await inTransaction(ctx, async (tx) => {
    if (await unfollowPostAs(tx, ctx.workspace.id, post.id, viewer.id)) {
      await recordChange(tx, ctx, { action: "post.unfollowed", objectType: "post", objectId: post.id, audit: { followerId: viewer.id } });
    }
  });
  return { following: false };
}

/** Whether the identified end user follows the post (the portal's follow button). */
export async function isFollowing(ctx: CustomerCtx, postId: string): Promise<boolean> {
  const viewer = ctx.customer.viewer;
  if (!viewer) return false;
  const row = await ctx.services.db
    .selectFrom("post_followers")
    .select("post_id")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("post_id", "=", postId)
    .where("follower_id", "=", viewer.id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The end user (who just proved their inbox) follows the changelog: the double opt-in's second step. */
export async function followChangelogAs(ctx: CustomerCtx, userId: string): Promise<void> {
  const as = { ...ctx, actor: { ...ctx.actor, id: userId } };
  await inTransaction(as, (tx) => changeEndUserPreferences(tx, as, userId, { changelog: true }));
}

export async function getPortalNotificationPreferences({ ctx }: { ctx: CustomerCtx }): Promise<EndUserPreferences> {
  const viewer = requireViewer(ctx);
  return inTransaction(ctx, async (tx) => (await readEndUserPreferences(tx, ctx.workspace.id, viewer.id))!);
}

export async function updatePortalNotificationPreferences({ ctx, input }: { ctx: CustomerCtx; input: PreferencesPatch }): Promise<EndUserPreferences> {
  const viewer = requireViewer(ctx);
  return inTransaction(ctx, async (tx) => {
    await changeEndUserPreferences(tx, ctx, viewer.id, input);
    return (await readEndUserPreferences(tx, ctx.workspace.id, viewer.id))!;
  });
}

/** The reader chose a language on the portal: their mail speaks it from now on (a choice already kept writes nothing). */
export async function rememberPortalLanguage(ctx: CustomerCtx, language: string): Promise<void> {
  const viewer = requireViewer(ctx);
  await inTransaction(ctx, async (tx) => {
    const now = await readEndUserPreferences(tx, ctx.workspace.id, viewer.id);
    if (now && now.locale !== language) await changeEndUserPreferences(tx, ctx, viewer.id, { locale: language });
  });
}
