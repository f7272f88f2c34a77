import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../../api.js";
import { CardTable } from "../../../ui/CardTable.js";
import { formatDateTime, formatRelative } from "../../../ui/format.js";
import { ErrorAlert, LoadError, Loading, QueryState } from "../../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../../ui/useCursorList.js";
import { deliveriesQuery, deliveryQuery, webhookKeys } from "./queries.js";

// One endpoint's deliveries, newest first: what was sent, how it went, and each attempt's status,
// duration and the receiver's answer on demand. While any delivery is on its way, the log
// refreshes every second, so a test event is seen arriving.

type Delivery = Schemas["WebhookDelivery"];

const STATE_TONE: Record<Delivery["state"], string> = { pending: "", held: "", succeeded: "good", failed: "bad" };

function Attempts({ deliveryId }: { deliveryId: string }) {
  const detail = useQuery(deliveryQuery(deliveryId));
  return (
    <QueryState query={detail} what="attempts" isEmpty={(d) => d.attemptLog.length === 0} empty={<p className="muted">Not attempted yet.</p>}>
      {(d) => (
        <ol className="attempts">
          {d.attemptLog.map((a) => (
            <li key={a.attempt}>
              <strong>Attempt {a.attempt}</strong>, {formatDateTime(a.startedAt)}: {a.status === null ? "no answer" : `HTTP ${a.status}`} in {a.durationMs} ms
              {a.error && <span className="error"> ({a.error})</span>}
              {a.responseExcerpt && <pre className="excerpt">{a.responseExcerpt}</pre>}
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const queries = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const { query: log, items: deliveries } = useCursorList({
    ...deliveriesQuery(endpointId),
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.data.some((d) => d.state === "pending")) ? 1000 : false),
  });
  const replay = useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST("/webhooks/deliveries/{id}/replay", { params: { path: { id } } })),
    onSettled: (_answer, _error, id) => {
      queries.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) });
      queries.invalidateQueries({ queryKey: webhookKeys.delivery(id) });
    },
  });
  if (log.isPending) return <Loading what="deliveries" />;
  if (log.isError) return <LoadError what="deliveries" read={log} />;
  if (deliveries.length === 0) return <p className="empty">No deliveries yet. Send a test event to see one arrive.</p>;
  return (
    <>
      <ErrorAlert error={replay.error} lead="The delivery was not replayed." />
      <CardTable caption="Deliveries" columns={["Event", "State", "Attempts", "Last answer", "Created", ""]}>
        {deliveries.map((d) => (
          <DeliveryRow
            key={d.id}
            delivery={d}
            open={open === d.id}
            onToggle={() => setOpen(open === d.id ? null : d.id)}
            onReplay={() => replay.mutate(d.id)}
            replaying={replay.isPending && replay.variables === d.id}
          />
        ))}
      </CardTable>
      <MoreButton list={log} label="Older deliveries" />
    </>
  );
}

interface RowProps {
  delivery: Delivery;
  open: boolean;
  onToggle: () => void;
  onReplay: () => void;
  replaying: boolean;
}

function DeliveryRow({ delivery: d, open, onToggle, onReplay, replaying }: RowProps) {
  const answer = d.lastStatus !== null ? `HTTP ${d.lastStatus}` : d.lastError ? d.lastError : "none yet";
  return (
    <>
      <tr>
        <td>
          <code>{d.eventType}</code>
        </td>
        <td data-label="State">
          <span className={`badge ${STATE_TONE[d.state]}`}>{d.state}</span>
          {d.state === "pending" && d.nextAttemptAt && <span className="muted"> next {formatRelative(d.nextAttemptAt)}</span>}
        </td>
        <td data-label="Attempts">{d.attempts}</td>
        <td data-label="Last answer" className="break-anywhere">
          {answer}
          {d.lastDurationMs !== null && <span className="muted"> · {d.lastDurationMs} ms</span>}
        </td>
        <td data-label="Created">{formatDateTime(d.createdAt)}</td>
        <td>
          <div className="actions">
            <button type="button" className="secondary" aria-expanded={open} onClick={onToggle} aria-label={`Attempts of ${d.eventType} ${d.id}`}>
              Attempts
            </button>
            <button type="button" className="secondary" onClick={onReplay} disabled={replaying} aria-label={`Replay ${d.eventType} ${d.id}`}>
              {replaying ? "Replaying…" : "Replay"}
            </button>
          </div>
        </td>
      </tr>
      {open && (
        <tr className="attempts-row">
          <td colSpan={6}>
            <Attempts deliveryId={d.id} />
          </td>
        </tr>
      )}
    </>
  );
}
