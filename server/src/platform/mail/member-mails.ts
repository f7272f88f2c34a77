import type { Services, Tx } from "../context.js";
import { nowIso } from "../lib/clock.js";
import { newId } from "../lib/ids.js";
import { type Backoff, deadLetter, retryDelay, retryLater, sendDue, sendQueue, succeeded, UNLEASED } from "../queue/index.js";
import { type TurnedOffWords, turnedOffMail } from "./messages.js";

// Plain mails to members that a change asks for in its transaction (a receiver turned off): queued
// with it, sent by the background work after it commits, so a rolled-back change mails nobody and a
// process that dies before the send leaves the mail to the next. The address is read at the send,
// so a member who left is not mailed.

export const memberMailQueue = sendQueue("member mails", "member_mails", "error");

/** Waits after each failed try: 1 min, 5 min, 30 min, 2 h, 6 h; after the last, the mail is `failed`. */
const BACKOFF: Backoff = { delaysMs: [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] };

export async function queueMemberMails(tx: Tx, workspaceId: string, memberIds: string[], words: TurnedOffWords): Promise<void> {
  if (memberIds.length === 0) return;
  const at = nowIso();
  await tx
    .insertInto("member_mails")
    .values(
      memberIds.map((memberId) => ({
        id: newId("memberMail"),
        workspace_id: workspaceId,
        member_id: memberId,
        kind: words.kind,
        data: JSON.stringify(words),
        state: "pending" as const,
        next_attempt_at: at,
        ...UNLEASED,
        error: null,
        created_at: at,
        sent_at: null,
      })),
    )
    .execute();
}

interface Leased {
  id: string;
  member_id: string;
  data: string;
  attempts: number;
}

/** Sends the member mails that are due; how many it took. Without SMTP_URL each fails at once, saying so. */
export async function sendMemberMails(services: Services): Promise<number> {
  const { db, mailer } = services;
  return sendDue<"member_mails", Leased>(
    db,
    memberMailQueue,
    {
      due: (eb) => eb.and([eb("state", "=", "pending"), eb("next_attempt_at", "<=", nowIso())]),
      batch: 50,
      leaseMs: 2 * 60_000,
      claim: "batch",
      returning: ["id", "member_id", "data", "attempts"],
    },
    async (leased) => {
      const members = await db
        .selectFrom("members")
        .select(["id", "email"])
        .where(
          "id",
          "in",
          leased.map((m) => m.member_id),
        )
        .execute();
      const emails = new Map(members.map((m) => [m.id, m.email]));
      return async (mail) => {
        const to = emails.get(mail.member_id);
        const end = (set: Record<string, unknown>) => db.updateTable("member_mails").set(set).where("id", "=", mail.id).execute();
        if (!mailer || !to) return void (await end(deadLetter(memberMailQueue, mail.attempts, mailer ? "The member has left" : "No SMTP_URL: not mailed")));
        const sent = await mailer.send(turnedOffMail({ ...(JSON.parse(mail.data) as TurnedOffWords), to, publicUrl: services.publicUrl }));
        if (sent) return void (await end({ ...succeeded(memberMailQueue, "sent", mail.attempts), sent_at: nowIso() }));
        const wait = retryDelay(BACKOFF, mail.attempts);
        const reason = "The SMTP server did not take it (see the server's log)";
        await end(wait === undefined ? deadLetter(memberMailQueue, mail.attempts, reason) : retryLater(memberMailQueue, mail.attempts, reason, wait));
      };
    },
  );
}
