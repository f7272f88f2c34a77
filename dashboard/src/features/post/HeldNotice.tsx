import { useNavigate } from "react-router";
import { ErrorAlert } from "../../ui/QueryState.js";
import { SignalBadges } from "../posts/HeldBadges.js";
import { useModerate } from "../posts/moderation.js";
import type { Post } from "./queries.js";

// A post waiting for approval: nothing was announced of it and nobody outside the team sees it.
// The team approves it (it appears, as if just written) or rejects it (deleted, back to the inbox).

export function HeldNotice({ post }: { post: Post }) {
  const navigate = useNavigate();
  const moderate = useModerate("posts");
  if (!post.heldForApproval) return null;
  return (
    <section className="held-notice" aria-label="Held for approval">
      <p>
        <strong>Held for approval.</strong> Only the team sees it; it appears on the portal, and voters and watchers hear of it, once approved.{" "}
        <SignalBadges signals={post.spamSignals} />
      </p>
      <div className="held-actions">
        <button type="button" className="decide" disabled={moderate.isPending} onClick={() => moderate.mutate({ ids: [post.id], decision: "approve" })}>
          Approve
        </button>
        <button
          type="button"
          className="secondary decide"
          disabled={moderate.isPending}
          onClick={() => moderate.mutate({ ids: [post.id], decision: "reject" }, { onSuccess: () => navigate("/posts?held=1") })}
        >
          Reject
        </button>
      </div>
      <ErrorAlert error={moderate.error} />
    </section>
  );
}
