import type { Schemas } from "@heed/client";
import { SIGNAL_LABELS } from "../data/moderation.js";

// What waits for approval on a post, and why it looked like spam: beside it in the inbox, and on
// its page. Signals show in every moderation mode, so the team sees likely spam that did not wait.

export function HeldBadges({ post }: { post: Pick<Schemas["Post"], "heldForApproval" | "heldComments" | "spamSignals"> }) {
  return (
    <p className="held-badges">
      {post.heldForApproval && <span className="badge held">held for approval</span>}
      {post.heldComments > 0 && <span className="badge held">{post.heldComments === 1 ? "1 comment held" : `${post.heldComments} comments held`}</span>}
      <SignalBadges signals={post.spamSignals} />
    </p>
  );
}

export function SignalBadges({ signals }: { signals: Schemas["Post"]["spamSignals"] }) {
  return (
    <>
      {signals.map((s) => (
        <span key={s} className="badge signal" title="A sign of spam">
          {SIGNAL_LABELS[s]}
        </span>
      ))}
    </>
  );
}
