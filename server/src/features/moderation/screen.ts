import type { Tx } from "../../platform/context.js";
import type { Moderation } from "../../platform/db/schema.js";
import type { Hold } from "../../platform/moderation/hold.js";
import { type CountSubmission, type Submission, spamSignals } from "./signals.js";

/**
 * What becomes of an end user's new post or comment under the workspace's `moderation`: `all`
 * holds each; `likely_spam` holds those with a spam signal; `off` holds none. The signals are
 * kept in every mode, so the team sees what looked like spam even where nothing waits.
 */
export async function screenSubmission(
  tx: Tx,
  { moderation, ...args }: { moderation: Moderation; workspaceId: string; userId: string; submission: Submission; countSubmission: CountSubmission },
): Promise<Hold> {
  const signals = await spamSignals(tx, args);
  const held = moderation === "all" || (moderation === "likely_spam" && signals.length > 0);
  return { held, spamSignals: signals };
}
