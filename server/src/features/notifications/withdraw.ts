import type { Tx } from "../../platform/context.js";

/**
 * Takes back the notifications of a change that was undone (a bulk change): events not yet fanned
 * out are deleted, and so is every notification not yet put in a mail (in-app lines included). What
 * a mail holds already is left: it may be on its way.
 */
export async function withdrawNotificationEvents(tx: Tx, workspaceId: string, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await tx.deleteFrom("notifications").where("workspace_id", "=", workspaceId).where("event_id", "in", eventIds).where("mail_state", "!=", "batched").execute();
  await tx.deleteFrom("notification_events").where("workspace_id", "=", workspaceId).where("id", "in", eventIds).where("fanned_out_at", "is", null).execute();
}

/** The notification events a post's change made since `since`, in the transaction that made them. */
export async function notificationEventsSince(tx: Tx, workspaceId: string, postId: string, since: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("notification_events")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("post_id", "=", postId)
    .where("created_at", ">=", since)
    .execute();
  return rows.map((r) => r.id);
}
