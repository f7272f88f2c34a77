import { inTransaction, type Ctx } from "../../platform/context.js";
import { type EndUserPreferences, changeEndUserPreferences, readEndUserPreferences, unsubscribeFromAll } from "./preferences.js";
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

/** The end user's choices, for the preferences page a mail links to; undefined for a bad token or a member's. */
export async function preferencesByToken(ctx: Ctx, token: string): Promise<{ userId: string; preferences: EndUserPreferences } | undefined> {
  const as = actingAs(ctx, token);
  if (as?.actor.type !== "end_user") return undefined;
  const userId = as.actor.id!;
  const preferences = await inTransaction(as, (tx) => readEndUserPreferences(tx, as.workspace.id, userId));
  return preferences && { userId, preferences };
}

export async function changePreferencesByToken(ctx: Ctx, token: string, patch: Partial<EndUserPreferences>): Promise<boolean> {
  const as = actingAs(ctx, token);
  if (as?.actor.type !== "end_user") return false;
  await inTransaction(as, (tx) => changeEndUserPreferences(tx, as, as.actor.id!, patch));
  return true;
}
