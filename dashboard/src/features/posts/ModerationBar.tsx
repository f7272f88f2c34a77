import type { Schemas } from "@heed/client";
import { useId } from "react";
import { ErrorAlert } from "../../ui/QueryState.js";
import { type Decision, useModerate } from "./moderation.js";

// Approving or rejecting the selected posts that wait for approval, all at once. It shows only
// while the selection holds such posts (the Held view's), and acts on those alone.

export function ModerationBar({ selected, onDone }: { selected: Schemas["Post"][]; onDone: () => void }) {
  const id = useId();
  const moderate = useModerate("posts");
  const held = selected.filter((p) => p.heldForApproval);
  if (held.length === 0) return null;
  const decide = (decision: Decision) => moderate.mutate({ ids: held.map((p) => p.id), decision }, { onSuccess: onDone });
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
      <button type="button" className="secondary decide" disabled={moderate.isPending} onClick={() => decide("reject")}>
        Reject {what}
      </button>
      <span className="muted">Approving announces each as new; rejecting deletes it unannounced.</span>
      <ErrorAlert error={moderate.error} />
    </section>
  );
}
