import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { useSearchParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { AuditTable } from "./audit-log/AuditTable.js";

// Settings → Audit log: who changed what, newest first, filtered by actor and by object. The
// filters live in the address, so a filtered view can be linked ("everything the deploy key did").

const PAGE = 25;

export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const ids = { actor: useId(), object: useId() };
  const actorId = params.get("actor") ?? "";
  const objectId = params.get("object") ?? "";
  // Names for actors: the team and the keys (a handful each).
  const members = useQuery({ queryKey: ["members"], queryFn: async () => unwrap(await api.GET("/members", { params: { query: { limit: 100 } } })) });
  const keys = useQuery({ queryKey: ["api-keys"], queryFn: async () => unwrap(await api.GET("/api-keys", { params: { query: { limit: 100 } } })) });
  const names = new Map<string, string>([
    ...(members.data?.data ?? []).map((m) => [m.id, m.name] as [string, string]),
    ...(keys.data?.data ?? []).map((k) => [k.id, `key “${k.name}”`] as [string, string]),
  ]);
  const log = useInfiniteQuery({
    queryKey: ["audit-log", actorId, objectId],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET("/audit-log", {
          params: { query: { limit: PAGE, ...(actorId ? { actorId } : {}), ...(objectId ? { objectId } : {}), ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const actor = String(form.get("actor"));
    const object = String(form.get("object")).trim();
    if (actor) next.set("actor", actor);
    if (object) next.set("object", object);
    setParams(next);
  };
  const entries = log.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>Audit log</h1>
      <p className="muted">Every change to this workspace, by whom (a member, an API key, an end user or Heed itself), kept with the request that made it.</p>
      <form className="filters" onSubmit={onFilter} aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor={ids.actor}>Actor</label>
          <select id={ids.actor} name="actor" defaultValue={actorId} key={actorId}>
            <option value="">Anyone</option>
            {(members.data?.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
            {(keys.data?.data ?? []).map((k) => (
              <option key={k.id} value={k.id}>
                Key “{k.name}”
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.object}>Object id</label>
          <input id={ids.object} name="object" defaultValue={objectId} key={objectId} placeholder="post_…, brd_…" maxLength={60} />
        </div>
        <div className="actions">
          <button type="submit" className="secondary">
            Filter
          </button>
          {(actorId || objectId) && (
            <button type="button" className="secondary" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </button>
          )}
        </div>
      </form>
      {log.isPending ? (
        <p className="loading" role="status" aria-busy="true">
          Loading the audit log…
        </p>
      ) : log.isError ? (
        <div className="error-box" role="alert">
          <p>The audit log could not be loaded. {problemOf(log.error).detail}</p>
          <button type="button" className="secondary" onClick={() => log.refetch()}>
            Try again
          </button>
        </div>
      ) : entries.length === 0 ? (
        <div className="empty">
          <h2>Nothing here</h2>
          <p>{actorId || objectId ? "No change matches these filters." : "No change has been made to this workspace yet."}</p>
        </div>
      ) : (
        <>
          <AuditTable entries={entries} names={names} onObject={(id) => setParams({ object: id })} />
          {log.hasNextPage && (
            <button type="button" className="secondary spaced" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? "Loading…" : "Older entries"}
            </button>
          )}
        </>
      )}
    </section>
  );
}
