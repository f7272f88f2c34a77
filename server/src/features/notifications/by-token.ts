import { inTransaction, type Ctx } from "../../platform/context.js";
import { type EndUserPreferences, changeEndUserPreferences, readEndUserPreferences, unsubscribeFromAll } from "./preferences.js";
import { recordChange } from "../../platform/changes/record.js";
import { unfollowPostAs } from "./follow-post.js";
import { openPreferencesToken } from "./tokens.js";

// A mail's links act for the person the mail went to, with no session: the signed token names
// them, and only in the workspace whose portal the link points at.

/** The person a mail's token names in this workspace, acting as themselves; undefined for another's or a forged token. */
function actingAs(ctx: Ctx, token: string): Ctx | undefined {
  const named = openPreferencesToken(ctx.services.notificationSecret, token);
  if (!named || named.workspaceId !== ctx.workspace.id) return undefined;
  const type = named.recipientId.startsWith("usr_") ? "end_user" : "member";
  return { ...ctx, actor: { type, id: named.recipientId, scopes: [] } };
}

/** One click in a mail: no more mail for them. False for a token that is not theirs to use here. */
export async function unsubscribeByToken(ctx: Ctx, token: string): Promise<boolean> {
  const as = actingAs(ctx, token);
  if (!as) return false;
  await inTransaction(as, (tx) => unsubscribeFromAll(tx, as, as.actor.id!));
  return true;
}

/** An idea the reader follows, as the choices page lists it. */
export interface FollowedIdea {
  postId: string;
  title: string;
}

/**
 * The end user's choices and the ideas they follow (on public boards: what the portal shows), for
 * the page a mail links to; undefined for a bad token or a member's.
 */
export async function preferencesByToken(
  ctx: Ctx,
  token: string,
): Promise<{ userId: string; preferences: EndUserPreferences; following: FollowedIdea[] } | undefined> {
  const as = actingAs(ctx, token);
  if (as?.actor.type !== "end_user") return undefined;
  const userId = as.actor.id!;
  return inTransaction(as, async (tx) => {
    const preferences = await readEndUserPreferences(tx, as.workspace.id, userId);
    if (!preferences) return undefined;
    const following = await tx
      .selectFrom("post_followers as f")
      .innerJoin("posts as p", "p.id", "f.post_id")
      .innerJoin("boards as b", "b.id", "p.board_id")
      .select(["p.id as postId", "p.title"])
      .where("f.workspace_id", "=", as.workspace.id)
      .where("f.follower_id", "=", userId)
      .where("p.deleted_at", "is", null)
      // A merged post is news no more: what happens next happens on the post it went into.
      .where("p.merged_into_id", "is", null)
      .where("p.held", "=", 0)
      .where("b.visibility", "=", "public")
      .orderBy("f.created_at", "desc")
      .limit(200)
      .execute();
    return { userId, preferences, following };
  });
}

/** The reader stops following one idea from the choices page; false for a token that is not theirs here. */
export async function unfollowByToken(ctx: Ctx, token: string, postId: string): Promise<boolean> {
  const as = actingAs(ctx, token);
  if (as?.actor.type !== "end_user") return false;
  await inTransaction(as, async (tx) => {
    if (await unfollowPostAs(tx, as.workspace.id, postId, as.actor.id!)) {
      await recordChange(tx, as, { action: "post.unfollowed", objectType: "post", objectId: postId, audit: { followerId: as.actor.id } });
    }
  });
  return true;
}

export async function changePreferencesByToken(ctx: Ctx, token: string, patch: Partial<EndUserPreferences>): Promise<boolean> {
  const as = actingAs(ctx, token);
  if (as?.actor.type !== "end_user") return false;
  await inTransaction(as, (tx) => changeEndUserPreferences(tx, as, as.actor.id!, patch));
  return true;
}
