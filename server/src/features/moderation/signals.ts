import type { Tx } from "../../platform/context.js";
import { DAY_MS, isoAt, nowMs } from "../../platform/lib/clock.js";
import type { SpamSignal } from "../../platform/moderation/hold.js";

// The simple signs of spam an end user's post or comment is screened for as it is submitted. Each
// is cheap (a regular expression, one indexed read of the last day, a counter): a screen, not a
// classifier. The thresholds are written in the API's description of `spamSignals`.

/** From this many links on, `many_links`. */
export const MANY_LINKS = 3;
/** The same text this long or longer, submitted again within a day, is `repeated_text`: shorter ("+1", "Dark mode") is people agreeing. */
export const REPEATED_TEXT_MIN_LENGTH = 40;
/** More submissions than this from one end user or one address in the limiter's 15 minutes is a `burst`. */
export const BURST_LIMIT = 5;

const LINK = /\bhttps?:\/\/|\bwww\./gi;

/**
 * Counts this submission for its end user and its client address; true when either went over
 * `BURST_LIMIT` (made where the request's address is known: routes.ts of this folder).
 */
export type CountSubmission = (workspaceId: string, userId: string) => Promise<boolean>;

/** What an end user submits: a post (title and body) or a comment (body). */
export type Submission = { kind: "post"; title: string; body: string } | { kind: "comment"; body: string };

function linkCount(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** Whether the same text reached this workspace in the last day (an indexed range read by time). */
async function repeated(tx: Tx, workspaceId: string, submission: Submission): Promise<boolean> {
  const text = submission.kind === "post" ? `${submission.title}\n${submission.body}` : submission.body;
  if (text.trim().length < REPEATED_TEXT_MIN_LENGTH) return false;
  const since = isoAt(nowMs() - DAY_MS);
  const found =
    submission.kind === "post"
      ? await tx
          .selectFrom("posts")
          .select("id")
          .where("workspace_id", "=", workspaceId)
          .where("created_at", ">=", since)
          .where("title", "=", submission.title)
          .where("body", "=", submission.body)
          .limit(1)
          .executeTakeFirst()
      : await tx
          .selectFrom("comments")
          .select("id")
          .where("workspace_id", "=", workspaceId)
          .where("created_at", ">=", since)
          .where("body", "=", submission.body)
          .limit(1)
          .executeTakeFirst();
  return found !== undefined;
}

/** The signals a submission raises, in SPAM_SIGNALS order. */
export async function spamSignals(
  tx: Tx,
  { workspaceId, userId, submission, countSubmission }: { workspaceId: string; userId: string; submission: Submission; countSubmission: CountSubmission },
): Promise<SpamSignal[]> {
  const signals: SpamSignal[] = [];
  const text = submission.kind === "post" ? `${submission.title} ${submission.body}` : submission.body;
  if (linkCount(text) >= MANY_LINKS) signals.push("many_links");
  if (await repeated(tx, workspaceId, submission)) signals.push("repeated_text");
  if (await countSubmission(workspaceId, userId)) signals.push("burst");
  return signals;
}
