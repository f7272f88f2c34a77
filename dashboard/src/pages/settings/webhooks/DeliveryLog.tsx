import { CardTable } from "../../../ui/CardTable.js";
import type { Schemas } from "@heed/client";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, problemOf, unwrap } from "../../../api.js";
import { formatDateTime, formatRelative } from "../../../ui/format.js";
import { QueryState } from "../../../ui/QueryState.js";

// One endpoint's deliveries, newest first: what was sent, how it went, and each attempt's status,
// duration and the receiver's answer on demand. While any delivery is on its way, the log
// refreshes every second, so a test event is seen arriving.

type Delivery = Schemas["WebhookDelivery"];

const STATE_TONE: Record<Delivery["state"], string> = { pending: "", succeeded: "good", failed: "bad" };

export function deliveriesKey(endpointId: string) {
  return ["webhooks", "deliveries", endpointId];
}

function Attempts({ deliveryId }: { deliveryId: string }) {
  const detail = useQuery({
    queryKey: ["webhooks", "delivery", deliveryId],
    queryFn: async () => unwrap(await api.GET("/webhooks/deliveries/{id}", { params: { path: { id: deliveryId } } })),
  });
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
  const log = useInfiniteQuery({
    queryKey: deliveriesKey(endpointId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET("/webhooks/endpoints/{id}/deliveries", {
          params: { path: { id: endpointId }, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.data.some((d) => d.state === "pending")) ? 1000 : false),
  });
  const replay = useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST("/webhooks/deliveries/{id}/replay", { params: { path: { id } } })),
    onSettled: (_answer, _error, id) => {
      queries.invalidateQueries({ queryKey: deliveriesKey(endpointId) });
      queries.invalidateQueries({ queryKey: ["webhooks", "delivery", id] });
    },
  });
  if (log.isPending)
    return (
      <p className="loading" role="status" aria-busy="true">
        Loading deliveries…
      </p>
    );
  if (log.isError)
    return (
      <div className="error-box" role="alert">
        <p>Deliveries could not be loaded. {problemOf(log.error).detail}</p>
        <button type="button" className="secondary" onClick={() => log.refetch()}>
          Try again
        </button>
      </div>
    );
  const deliveries = log.data.pages.flatMap((p) => p.data);
  if (deliveries.length === 0) return <p className="empty">No deliveries yet. Send a test event to see one arrive.</p>;
  return (
    <>
      {replay.error && (
        <p className="error" role="alert">
          The delivery was not replayed. {problemOf(replay.error).detail}
        </p>
      )}
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
      {log.hasNextPage && (
        <button type="button" className="secondary spaced" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? "Loading…" : "Older deliveries"}
        </button>
      )}
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
