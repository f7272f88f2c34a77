import type { Insertable } from "kysely";
import type { Db } from "../../platform/db/database.js";
import type { NotificationsTable } from "../../platform/db/schema.js";
import { isoAt, nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { mailDueAt } from "./due.js";
import { type MemberKind, memberChannels } from "./kinds.js";
import { recipientsOf } from "./recipients.js";

export interface FanOutOptions {
  /** NOTIFICATION_WINDOW_SECONDS: how long single mails gather changes, unless a workspace sets its own. */
  windowSeconds: number;
  /** Whether mail is configured (SMTP_URL); without it nothing is queued for mail. */
  mailOn: boolean;
}

/**
 * Turns committed notification events into one row per recipient, each event once: claimed with a
 * conditional update in the transaction that writes its rows (as the webhook fan-out does), so any
 * number of processes may run this, and an event whose fan-out rolled back is taken again. The
 * unique (event, recipient) pair makes a second fan-out of the same event write nothing.
 */
export async function fanOutNotificationEvents(db: Db, options: FanOutOptions, batchSize = 20): Promise<number> {
  const pending = await db.selectFrom("notification_events").select("id").where("fanned_out_at", "is", null).orderBy("id").limit(batchSize).execute();
  if (pending.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .updateTable("notification_events")
      .set({ fanned_out_at: nowIso() })
      .where(
        "id",
        "in",
        pending.map((p) => p.id),
      )
      .where("fanned_out_at", "is", null)
      .returningAll()
      .execute();
    for (const event of claimed.sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const recipients = await recipientsOf(tx, event);
      if (recipients.length === 0) continue;
      const workspace = await tx.selectFrom("workspaces").select("notification_window_seconds").where("id", "=", event.workspace_id).executeTakeFirst();
      if (!workspace) continue;
      const windowSeconds = workspace.notification_window_seconds ?? options.windowSeconds;
      const createdMs = Date.parse(event.created_at);
      const userIds = recipients.filter((r) => r.id.startsWith("usr_")).map((r) => r.id);
      const memberIds = recipients.filter((r) => r.id.startsWith("mem_")).map((r) => r.id);
      const users = new Map(
        (
          await inChunks(userIds, (ids) =>
            tx
              .selectFrom("users")
              .select(["id", "email", "email_notifications"])
              .where("workspace_id", "=", event.workspace_id)
              .where("id", "in", ids)
              .where("deleted_at", "is", null)
              .execute(),
          )
        ).map((u) => [u.id, u]),
      );
      const members = new Map(
        (
          await inChunks(memberIds, (ids) =>
            tx
              .selectFrom("members")
              .select(["id", "email", "notification_settings"])
              .where("workspace_id", "=", event.workspace_id)
              .where("id", "in", ids)
              .execute(),
          )
        ).map((m) => [m.id, m]),
      );
      const at = nowIso();
      const rows: Insertable<NotificationsTable>[] = [];
      for (const recipient of recipients) {
        const base = {
          id: newId("notification"),
          workspace_id: event.workspace_id,
          event_id: event.id,
          recipient_id: recipient.id,
          kind: recipient.kind,
          post_id: event.post_id,
          read_at: null,
          mail_id: null,
          created_at: at,
        };
        const user = users.get(recipient.id);
        const member = members.get(recipient.id);
        if (user) {
          const wantsMail = user.email_notifications !== "off" && user.email !== null;
          rows.push({
            ...base,
            in_app: 0,
            mail_state: !wantsMail ? "none" : options.mailOn ? "pending" : "off",
            due_at: wantsMail && options.mailOn ? isoAt(mailDueAt(createdMs, user.email_notifications, windowSeconds)) : null,
          });
        } else if (member) {
          const channels = memberChannels(member.notification_settings)[recipient.kind as MemberKind];
          if (!channels || (!channels.inApp && !channels.email)) continue;
          rows.push({
            ...base,
            in_app: channels.inApp ? 1 : 0,
            mail_state: !channels.email ? "none" : options.mailOn ? "pending" : "off",
            due_at: channels.email && options.mailOn ? isoAt(mailDueAt(createdMs, "instant", windowSeconds)) : null,
          });
        }
      }
      // 12 values a row: 400 rows stay far below either database's limit of bound values.
      for (let i = 0; i < rows.length; i += 400) {
        await tx
          .insertInto("notifications")
          .values(rows.slice(i, i + 400))
          .onConflict((oc) => oc.columns(["event_id", "recipient_id"]).doNothing())
          .execute();
      }
    }
    return claimed.length;
  });
}

/** Runs a look-up by ids 500 at a time (an event may have thousands of followers). */
async function inChunks<T>(ids: string[], read: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...(await read(ids.slice(i, i + 500))));
  return out;
}
