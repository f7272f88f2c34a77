import type { Ctx, Tx } from "../../platform/context.js";
import type { EmailNotifications } from "../../platform/db/schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { type MemberKind, MEMBER_KINDS, memberChannels } from "./kinds.js";

// What one person chose to hear, read and changed the same way from the API, the portal and a
// mail's signed link.

export interface EndUserPreferences {
  email: EmailNotifications;
  changelog: boolean;
  locale: string | null;
}

type Actor = Pick<Ctx, "workspace" | "actor" | "requestId">;

export async function readEndUserPreferences(tx: Tx, workspaceId: string, userId: string): Promise<EndUserPreferences | undefined> {
  const row = await tx
    .selectFrom("users")
    .select(["email_notifications", "follows_changelog", "locale"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row && { email: row.email_notifications, changelog: row.follows_changelog === 1, locale: row.locale };
}

/** Changes what is given; mail already waiting stops when mail is turned off, and waits for the digest when one is chosen. */
export async function changeEndUserPreferences(tx: Tx, ctx: Actor, userId: string, patch: Partial<EndUserPreferences>): Promise<void> {
  const set: { email_notifications?: EmailNotifications; follows_changelog?: 0 | 1; locale?: string | null } = {};
  if (patch.email !== undefined) set.email_notifications = patch.email;
  if (patch.changelog !== undefined) set.follows_changelog = patch.changelog ? 1 : 0;
  if (patch.locale !== undefined) set.locale = patch.locale;
  if (Object.keys(set).length === 0) return;
  await tx.updateTable("users").set(set).where("workspace_id", "=", ctx.workspace.id).where("id", "=", userId).execute();
  if (patch.email === "off") await dropWaitingMail(tx, ctx.workspace.id, userId);
  await recordChange(tx, ctx, { action: "user.notifications_changed", objectType: "user", objectId: userId, audit: { ...patch } });
}

/** A member's choices, every kind with both channels. */
export async function readMemberChannels(tx: Tx, workspaceId: string, memberId: string) {
  const row = await tx
    .selectFrom("members")
    .select("notification_settings")
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", memberId)
    .executeTakeFirst();
  return row && memberChannels(row.notification_settings);
}

export async function changeMemberChannels(
  tx: Tx,
  ctx: Actor,
  memberId: string,
  patch: Partial<Record<MemberKind, Partial<{ inApp: boolean; email: boolean }>>>,
): Promise<void> {
  const current = await readMemberChannels(tx, ctx.workspace.id, memberId);
  if (!current) return;
  for (const kind of MEMBER_KINDS) current[kind] = { ...current[kind], ...patch[kind] };
  await tx
    .updateTable("members")
    .set({ notification_settings: JSON.stringify(current) })
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", memberId)
    .execute();
  if (MEMBER_KINDS.every((kind) => !current[kind].email)) await dropWaitingMail(tx, ctx.workspace.id, memberId);
  await recordChange(tx, ctx, { action: "member.notifications_changed", objectType: "member", objectId: memberId, audit: { ...patch } });
}

/** Everything by mail off, as a one-click unsubscribe asks (RFC 8058): for an end user or a member. */
export async function unsubscribeFromAll(tx: Tx, ctx: Actor, recipientId: string): Promise<void> {
  if (recipientId.startsWith("usr_")) return changeEndUserPreferences(tx, ctx, recipientId, { email: "off" });
  const off = Object.fromEntries(MEMBER_KINDS.map((kind) => [kind, { email: false }]));
  return changeMemberChannels(tx, ctx, recipientId, off);
}

/** Mail made for them but not yet gathered into a mail is not sent. */
async function dropWaitingMail(tx: Tx, workspaceId: string, recipientId: string): Promise<void> {
  await tx
    .updateTable("notifications")
    .set({ mail_state: "none", due_at: null })
    .where("workspace_id", "=", workspaceId)
    .where("recipient_id", "=", recipientId)
    .where("mail_state", "=", "pending")
    .execute();
}
