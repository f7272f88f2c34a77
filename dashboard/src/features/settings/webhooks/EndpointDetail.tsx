import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, noContent, unwrap } from "../../../api.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { formatDateTime } from "../../../ui/format.js";
import { ErrorAlert, QueryState } from "../../../ui/QueryState.js";
import { ShownOnce } from "../../../ui/ShownOnce.js";
import { TurnedOffNotice } from "../../../ui/TurnedOff.js";

/** Heed must keep a signing secret to sign with it, so the panel does not say it keeps a hash. */
const SIGNING_SECRET_NOTE = "Copy it now into your receiver, which checks each delivery's signature with it. Heed keeps it to sign, and never shows it again.";
import { DeliveryLog } from "./DeliveryLog.js";
import { EndpointForm, type EndpointInput } from "./EndpointForm.js";
import { endpointQuery, webhookKeys } from "./queries.js";
import { RecoverForm } from "./RecoverForm.js";

// One endpoint: its settings, its secret's rotation, a test event, and its delivery log.

interface Props {
  endpointId: string;
  /** The signing secret when the endpoint was just made: shown once, here. */
  newSecret: string | null;
  onSecretSeen: () => void;
  onBack: () => void;
}

export function EndpointDetail({ endpointId, newSecret, onSecretSeen, onBack }: Props) {
  const queries = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [rotated, setRotated] = useState<string | null>(null);
  const read = endpointQuery(endpointId);
  const key = read.queryKey;
  const endpoint = useQuery(read);
  const refresh = () => {
    queries.invalidateQueries({ queryKey: key });
    queries.invalidateQueries({ queryKey: webhookKeys.endpoints() });
  };
  const update = useMutation({
    mutationFn: async (body: Partial<EndpointInput> & { enabled?: boolean }) =>
      unwrap(await api.PATCH("/webhooks/endpoints/{id}", { params: { path: { id: endpointId } }, body })),
    onSuccess: (answer) => {
      queries.setQueryData(key, answer);
      setEditing(false);
      refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: async () => unwrap(await api.POST("/webhooks/endpoints/{id}/rotate-secret", { params: { path: { id: endpointId } } })),
    onSuccess: ({ secret, ...rest }) => {
      // The secret lives in this page's state only, never in the query cache.
      setRotated(secret);
      queries.setQueryData(key, rest);
    },
  });
  const test = useMutation({
    mutationFn: async () => unwrap(await api.POST("/webhooks/endpoints/{id}/test", { params: { path: { id: endpointId } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
  const remove = useMutation({
    mutationFn: async () => {
      noContent(await api.DELETE("/webhooks/endpoints/{id}", { params: { path: { id: endpointId } } }));
    },
    onSuccess: () => {
      queries.invalidateQueries({ queryKey: webhookKeys.endpoints() });
      onBack();
    },
  });
  const actionError = rotate.error ?? test.error ?? remove.error ?? (editing ? null : update.error);
  return (
    <QueryState query={endpoint} what="the endpoint">
      {(e) => (
        <section>
          <p>
            <button type="button" className="link" onClick={onBack}>
              ← All endpoints
            </button>
          </p>
          <h1 className="break-anywhere">{e.url}</h1>
          <p>
            <span className={`badge ${e.enabled ? "good" : "bad"}`}>{e.enabled ? "Enabled" : e.disabledReason ? "Turned off by Heed" : "Disabled"}</span>{" "}
            {e.description && <span className="muted">{e.description} · </span>}
            <span className="muted">{e.events.includes("*") ? "every event" : `${e.events.length} event ${e.events.length === 1 ? "type" : "types"}`}</span>
          </p>
          {newSecret && <ShownOnce label="Signing secret" value={newSecret} onDone={onSecretSeen} note={SIGNING_SECRET_NOTE} />}
          {rotated && (
            <>
              <ShownOnce label="New signing secret" value={rotated} onDone={() => setRotated(null)} note={SIGNING_SECRET_NOTE} />
              {e.previousSecretExpiresAt && (
                <p className="muted">The old secret keeps signing too until {formatDateTime(e.previousSecretExpiresAt)}: switch your receiver before then.</p>
              )}
            </>
          )}
          <TurnedOffNotice receiver={e} noun="endpoint" onTurnOn={() => update.mutate({ enabled: true })} pending={update.isPending} />
          <ErrorAlert error={actionError} />
          {editing ? (
            <EndpointForm
              endpoint={e}
              onSave={(input) => update.mutateAsync(input)}
              onCancel={() => {
                setEditing(false);
                update.reset();
              }}
            />
          ) : (
            <div className="actions">
              <button type="button" onClick={() => test.mutate()} disabled={test.isPending || !e.enabled}>
                {test.isPending ? "Sending…" : "Send test event"}
              </button>
              <button type="button" className="secondary" onClick={() => setEditing(true)}>
                Edit
              </button>
              {!e.disabledReason && (
                <button type="button" className="secondary" onClick={() => update.mutate({ enabled: !e.enabled })} disabled={update.isPending}>
                  {e.enabled ? "Disable" : "Enable"}
                </button>
              )}
              <ConfirmButton label="Rotate secret" className="secondary" title="Rotate the signing secret?" confirm="Rotate" run={rotate}>
                <p>Heed signs with a new secret from now on, and with the old one too for a while, so that your receiver can switch without losing events.</p>
              </ConfirmButton>
              <ConfirmButton label="Delete" ariaLabel="Delete this endpoint" title="Delete this endpoint?" confirm="Delete" run={remove}>
                <p>Heed stops sending to {e.url}, and its delivery log is deleted with it.</p>
              </ConfirmButton>
            </div>
          )}
          <p role="status" className="muted">
            {test.isSuccess ? "Test event queued: watch it arrive below." : ""}
          </p>
          <h2>Deliveries</h2>
          <DeliveryLog endpointId={endpointId} />
          <h2>Recover after an outage</h2>
          <RecoverForm endpointId={endpointId} />
        </section>
      )}
    </QueryState>
  );
}
