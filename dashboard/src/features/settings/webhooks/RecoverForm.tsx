import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api, unwrap } from "../../../api.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { TIME_ZONE } from "../../../ui/format.js";
import { ErrorAlert } from "../../../ui/QueryState.js";
import { webhookKeys } from "./queries.js";

// After an outage on the receiver's side: send again every delivery that failed since a time.

export function RecoverForm({ endpointId }: { endpointId: string }) {
  const queries = useQueryClient();
  const id = useId();
  // Default: a day ago, in the person's own time zone, as datetime-local wants it.
  const [since, setSince] = useState(() => new Date(Date.now() - 86_400_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
  const recover = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST("/webhooks/endpoints/{id}/recover", { params: { path: { id: endpointId } }, body: { since: new Date(since).toISOString() } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
  return (
    <div className="recover">
      <div className="field">
        <label htmlFor={id}>Failed since</label>
        <p id={`${id}-hint`} className="hint">
          {TIME_ZONE} time.
        </p>
        <input id={id} type="datetime-local" value={since} onChange={(event) => setSince(event.target.value)} aria-describedby={`${id}-hint`} />
      </div>
      <ConfirmButton
        label="Recover failed deliveries"
        className="secondary"
        title="Send failed deliveries again?"
        confirm="Send them again"
        run={recover}
        disabled={recover.isPending || !since}
      >
        <p>Every delivery to this endpoint that failed since {new Date(since).toLocaleString()} is queued again, in order.</p>
      </ConfirmButton>
      <p role="status" className="muted">
        {recover.data ? `${recover.data.recovered} ${recover.data.recovered === 1 ? "delivery" : "deliveries"} queued again.` : ""}
      </p>
      <ErrorAlert error={recover.error} />
    </div>
  );
}
