import type { Ctx, Tx } from "../../platform/context.js";
import { followAsActor, followPostAs, recordNotificationEvent } from "./record.js";

// What each kind of change records for notifications, called by the verbs inside their
// transactions: who now follows the post, and the event with what its mail will say. The mail is
// written from this data alone, so a post renamed later does not change what was said.

interface PostRef {
  id: string;
  title: string;
}

/** The name shown for whoever made the change: a member's or end user's name; a key is "The team". */
async function nameOf(tx: Tx, workspaceId: string, personId: string | null | undefined): Promise<string | null> {
  if (!personId) return null;
  if (personId.startsWith("mem_")) {
    return (await tx.selectFrom("members").select("name").where("workspace_id", "=", workspaceId).where("id", "=", personId).executeTakeFirst())?.name ?? null;
  }
  if (personId.startsWith("usr_")) {
    return (await tx.selectFrom("users").select("name").where("workspace_id", "=", workspaceId).where("id", "=", personId).executeTakeFirst())?.name ?? null;
  }
  return null;
}

const acting = (ctx: Pick<Ctx, "actor">) => (ctx.actor.type === "member" || ctx.actor.type === "end_user" ? ctx.actor.id : null);

/** A new post: its author and owner follow it; members watching its board hear of it. */
export async function announcePostCreated(
  tx: Tx,
  ctx: Ctx,
  post: PostRef & { body: string; boardId: string; authorId: string | null; ownerId: string | null },
) {
  await followAsActor(tx, ctx, post.id, "created", post.authorId);
  if (post.ownerId) await announceAssignment(tx, ctx, post, post.ownerId);
  const board = await tx.selectFrom("boards").select("name").where("id", "=", post.boardId).executeTakeFirst();
  await recordNotificationEvent(tx, ctx, {
    kind: "post_created",
    postId: post.id,
    data: {
      title: post.title,
      body: post.body.slice(0, 500),
      boardId: post.boardId,
      boardName: board?.name ?? "",
      authorId: post.authorId,
      actorName: await nameOf(tx, ctx.workspace.id, post.authorId ?? acting(ctx)),
    },
  });
}

/** A vote: the voter follows the post. */
export async function announceVote(tx: Tx, ctx: Ctx, postId: string, userId: string) {
  await followPostAs(tx, ctx.workspace.id, postId, userId, "voted");
}

/** A status change, with the team's public comment if one came with it: the post's end users hear. */
export async function announceStatusChange(tx: Tx, ctx: Ctx, post: PostRef, change: { from: string; to: string; comment?: string | null }) {
  await recordNotificationEvent(tx, ctx, {
    kind: "post_status",
    postId: post.id,
    data: { title: post.title, from: change.from, to: change.to, ...(change.comment ? { body: change.comment } : {}) },
  });
}

/**
 * A comment: its author follows the post; members mentioned and members following hear of it; end
 * users following hear of a public reply by the team, never of an internal note.
 */
export async function announceComment(
  tx: Tx,
  ctx: Ctx,
  post: PostRef,
  comment: { id: string; body: string; internal: boolean; authorId: string | null; mentions: string[] },
) {
  await followAsActor(tx, ctx, post.id, "commented", comment.authorId);
  for (const memberId of comment.mentions) await followPostAs(tx, ctx.workspace.id, post.id, memberId, "mentioned");
  await recordNotificationEvent(tx, ctx, {
    kind: "post_comment",
    postId: post.id,
    data: {
      title: post.title,
      commentId: comment.id,
      body: comment.body.slice(0, 2000),
      internal: comment.internal,
      authorId: comment.authorId ?? acting(ctx),
      actorName: await nameOf(tx, ctx.workspace.id, comment.authorId ?? acting(ctx)),
      mentions: comment.mentions,
    },
  });
}

/** A post given to a member: they follow it, and hear of it unless they took it themselves. */
export async function announceAssignment(tx: Tx, ctx: Ctx, post: PostRef, ownerId: string) {
  await followPostAs(tx, ctx.workspace.id, post.id, ownerId, "owner");
  await recordNotificationEvent(tx, ctx, {
    kind: "post_assigned",
    postId: post.id,
    data: { title: post.title, ownerId, actorName: await nameOf(tx, ctx.workspace.id, acting(ctx)) },
  });
}

/** A merge: the merged post's followers follow the post it went into, and its end users hear where. */
export async function announceMerge(tx: Tx, ctx: Ctx, source: PostRef, target: PostRef) {
  const followers = await tx
    .selectFrom("post_followers")
    .select("follower_id")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("post_id", "=", source.id)
    .execute();
  for (const { follower_id } of followers) await followPostAs(tx, ctx.workspace.id, target.id, follower_id, "merged");
  await recordNotificationEvent(tx, ctx, { kind: "post_merged", postId: source.id, data: { title: source.title, intoId: target.id, intoTitle: target.title } });
}

/** A published changelog entry: who follows a post it announces, and who follows the changelog, hear. */
export async function announceChangelogEntry(tx: Tx, ctx: Pick<Ctx, "workspace" | "actor">, entry: { id: string; title: string; postIds: string[] }) {
  // Published again after being taken back: it was news once.
  const told = await tx
    .selectFrom("notification_events")
    .select("id")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("kind", "=", "changelog_published")
    .where("data", "like", `%"entryId":"${entry.id}"%`)
    .executeTakeFirst();
  if (told) return;
  await recordNotificationEvent(tx, ctx, {
    kind: "changelog_published",
    postId: null,
    data: { entryId: entry.id, entryTitle: entry.title, postIds: entry.postIds },
  });
}
