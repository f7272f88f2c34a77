import { useNavigate } from "react-router";
import { ConfirmButton } from "../../ui/Confirm.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { SignalBadges } from "../../ui/HeldBadges.js";
import { useModerate } from "../../data/moderation.js";
import { useOfferUndoReject } from "../../data/trash.js";
import type { Post } from "./queries.js";

// A post waiting for approval: nothing was announced of it and nobody outside the team sees it.
// The team approves it (it appears, as if just written) or rejects it (deleted, back to the inbox,
// with an Undo; the inbox's Deleted posts keep it restorable).

export function HeldNotice({ post }: { post: Post }) {
  const navigate = useNavigate();
  const moderate = useModerate("posts");
  const offerUndo = useOfferUndoReject();
  if (!post.heldForApproval) return null;
  // mutateAsync, not mutate's callbacks: the refreshed post answers 404 and this page may be gone
  // before they would run. A refusal stays on the page (moderate.error).
  const reject = () =>
    moderate.mutateAsync({ ids: [post.id], decision: "reject" }).then(
      () => {
        navigate("/posts?held=1");
        offerUndo([post]);
      },
      () => {},
    );
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
        <ConfirmButton
          label="Reject"
          className="secondary decide"
          title="Reject this post?"
          confirm="Reject the post"
          disabled={moderate.isPending}
          onConfirm={reject}
        >
          <p>
            “{post.title}” is deleted without a word to its author or anyone else. You can undo it right after, or restore it later from the inbox's Deleted
            posts.
          </p>
        </ConfirmButton>
      </div>
      <ErrorAlert error={moderate.error} />
    </section>
  );
}
