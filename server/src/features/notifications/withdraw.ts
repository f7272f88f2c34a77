import { holdFollower } from "../../platform/changes/follow.js";
import type { Tx } from "../../platform/context.js";
import { nowIso } from "../../platform/lib/clock.js";
import { ID_PREFIXES } from "../../platform/lib/ids.js";
import { notificationsFollower } from "./follower.js";

/**
 * Takes back the notifications of a change that was undone (a bulk change), given its outbox
 * events (or, for a change made before notifications followed the outbox, its notification
 * events): an event the follower has not read yet is passed by (follower.ts); one it has read is
 * deleted if not yet fanned out, and so is every notification not yet put in a mail (in-app lines
 * included). What a mail holds already is left: it may be on its way.
 */
export async function withdrawNotificationEvents(tx: Tx, workspaceId: string, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  // A batch of the follower's in flight may be telling these events now: wait for it to commit, so
  // that what it wrote is found below, and keep the next batch until the withdrawals commit.
  await holdFollower(tx, notificationsFollower.name);
  const outboxIds = eventIds.filter((id) => id.startsWith(`${ID_PREFIXES.event}_`));
  if (outboxIds.length > 0) {
    await tx
      .insertInto("notification_withdrawals")
      .values(outboxIds.map((id) => ({ outbox_id: id, workspace_id: workspaceId, created_at: nowIso() })))
      .onConflict((oc) => oc.column("outbox_id").doNothing())
      .execute();
  }
  const told = (
    await tx
      .selectFrom("notification_events")
      .select("id")
      .where("workspace_id", "=", workspaceId)
      .where((eb) => eb.or([eb("id", "in", eventIds), eb("outbox_id", "in", eventIds)]))
      .execute()
  ).map((row) => row.id);
  if (told.length === 0) return;
  await tx.deleteFrom("notifications").where("workspace_id", "=", workspaceId).where("event_id", "in", told).where("mail_state", "!=", "batched").execute();
  await tx.deleteFrom("notification_events").where("workspace_id", "=", workspaceId).where("id", "in", told).where("fanned_out_at", "is", null).execute();
}

/** The outbox events a post's change wrote since `since`, in the transaction that wrote them. */
export async function changeEventsSince(tx: Tx, workspaceId: string, postId: string, since: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("outbox")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("created_at", ">=", since)
    // The post itself, as a post event shows it (`{id, …}` or `{post: {id, …}}`).
    .where("data", "like", `%"id":"${postId}"%`)
    .execute();
  return rows.map((r) => r.id);
}
