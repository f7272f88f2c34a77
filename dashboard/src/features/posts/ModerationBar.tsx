import type { Schemas } from "@heed/client";
import { useId } from "react";
import { ConfirmButton } from "../../ui/Confirm.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { type Decision, useModerate } from "../../data/moderation.js";
import { useOfferUndoReject } from "../../data/trash.js";

// Approving or rejecting the selected posts that wait for approval, all at once. It shows only
// while the selection holds such posts (the Held view's), and acts on those alone. Rejecting asks
// first, and offers Undo after.

export function ModerationBar({ selected, onDone }: { selected: Schemas["Post"][]; onDone: () => void }) {
  const id = useId();
  const moderate = useModerate("posts");
  const offerUndo = useOfferUndoReject();
  const held = selected.filter((p) => p.heldForApproval);
  if (held.length === 0) return null;
  const decide = (decision: Decision) =>
    moderate.mutate(
      { ids: held.map((p) => p.id), decision },
      {
        onSuccess: () => {
          onDone();
          if (decision === "reject") offerUndo(held);
        },
      },
    );
  const what = held.length === 1 ? "1 held post" : `${held.length} held posts`;
  return (
    <section className="moderation-bar" aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        Moderation
      </h2>
      <strong>{what}</strong>
      <button type="button" className="decide" disabled={moderate.isPending} onClick={() => decide("approve")}>
        Approve {what}
      </button>
      <ConfirmButton
        label={`Reject ${what}`}
        className="secondary decide"
        title={`Reject ${what}?`}
        confirm={`Reject ${what}`}
        disabled={moderate.isPending}
        onConfirm={() => decide("reject")}
      >
        <p>
          {held.length === 1 ? `“${held[0]!.title}” is` : "They are"} deleted without a word to anyone. You can undo it right after, or restore{" "}
          {held.length === 1 ? "it" : "them"} later from Deleted posts.
        </p>
      </ConfirmButton>
      <span className="muted">Approving announces each as new; rejecting deletes it unannounced.</span>
      <ErrorAlert error={moderate.error} />
    </section>
  );
}
