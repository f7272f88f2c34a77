import type { Db } from "../../platform/db/database.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";

/**
 * Gathers each person's due notifications into one mail. A person is due once their oldest waiting
 * notification is; everything of theirs still waiting goes in the same mail, so what happened
 * within the window arrives together. A notification is taken by a conditional update (still
 * `pending`), so two processes never put it in two mails. Returns how many mails it made.
 */
export async function gatherDueMails(db: Db, people = 500): Promise<number> {
  const now = nowIso();
  const due = await db
    .selectFrom("notifications")
    .select(["workspace_id", "recipient_id"])
    .where("mail_state", "=", "pending")
    .where("due_at", "<=", now)
    .groupBy(["workspace_id", "recipient_id"])
    .limit(people)
    .execute();
  if (due.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const mails = [];
    for (const person of due) {
      const id = newId("notificationMail");
      const taken = await tx
        .updateTable("notifications")
        .set({ mail_state: "batched", mail_id: id })
        .where("workspace_id", "=", person.workspace_id)
        .where("recipient_id", "=", person.recipient_id)
        .where("mail_state", "=", "pending")
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) continue;
      mails.push({
        id,
        workspace_id: person.workspace_id,
        recipient_id: person.recipient_id,
        state: "pending" as const,
        next_attempt_at: now,
        created_at: now,
      });
    }
    for (let i = 0; i < mails.length; i += 500)
      await tx
        .insertInto("notification_mails")
        .values(mails.slice(i, i + 500))
        .execute();
    return mails.length;
  });
}
