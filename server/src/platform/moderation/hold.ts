import { z } from "@hono/zod-openapi";
import { MODERATION_MODES } from "../../../../packages/shared/src/moderation.js";

// What moderation (features/moderation) decided about an end user's new post or comment, handed
// to the verbs that write it: posts and comments hold it, moderation decides it, so the words live
// here where both reach them without reaching each other.

/** The OpenAPI words of the workspace's setting, wherever it is read or sent. */
export const moderationWords = {
  description:
    "What an end user's post or comment (from the portal or the widget) waits for the team's approval under: `off` (the default) nothing; `likely_spam` only what shows a spam signal (`spamSignals`); `all` everything. What the team and API keys write never waits.",
};

/** What an end user's new post or comment waits for approval under; the workspace's setting. */
export const ModerationSchema = z.enum(MODERATION_MODES).openapi(moderationWords);

/** The simple signs of spam a submission is screened for; features/moderation/signals.ts says how. */
export const SPAM_SIGNALS = ["many_links", "repeated_text", "burst"] as const;
export type SpamSignal = (typeof SPAM_SIGNALS)[number];

export const SpamSignalsSchema = z.array(z.enum(SPAM_SIGNALS)).openapi({
  description:
    "Signs of spam its submission showed (end users' posts and comments only): `many_links` (3 or more links), `repeated_text` (the same text was submitted in this workspace in the last 24 hours), `burst` (more than 5 posts and comments from one end user or one address in 15 minutes). Empty for everything else.",
});

/** Whether it waits for approval, and why it looked like spam. */
export interface Hold {
  held: boolean;
  spamSignals: SpamSignal[];
}

/** What the team writes, and what an end user writes with moderation off and no signal. */
export const NOT_HELD: Hold = { held: false, spamSignals: [] };

/** The column's JSON, for a row: null when there is no signal. */
export function spamSignalsColumn(hold: Hold): string | null {
  return hold.spamSignals.length > 0 ? JSON.stringify(hold.spamSignals) : null;
}

/** The row's signals, as the API shows them. */
export function spamSignalsOf(column: string | null): SpamSignal[] {
  return column ? (JSON.parse(column) as SpamSignal[]) : [];
}
