import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { EntryState } from "./EntryState.js";

// The changelog (/app/changelog): drafts, scheduled and published entries, newest first. The list
// refreshes every few seconds, so a scheduled entry is seen turning published.

const TABS = [
  { state: "", label: "All" },
  { state: "draft", label: "Drafts" },
  { state: "scheduled", label: "Scheduled" },
  { state: "published", label: "Published" },
] as const;

type State = "draft" | "scheduled" | "published";

export function Changelog() {
  const [params, setParams] = useSearchParams();
  const state = TABS.some((t) => t.state === params.get("state")) ? (params.get("state") as State) : undefined;
  const entries = useInfiniteQuery({
    queryKey: ["changelog", state ?? "all"],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(await api.GET("/changelog", { params: { query: { limit: 25, ...(state ? { state } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
  const list = entries.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <div className="page-head">
        <h1>Changelog</h1>
        <Link className="button" to="/changelog/new">
          New entry
        </Link>
      </div>
      <nav aria-label="Entries by state" className="status-counts">
        {TABS.map((t) => (
          <button
            key={t.state}
            type="button"
            className="secondary"
            aria-pressed={(state ?? "") === t.state}
            onClick={() => setParams(t.state ? { state: t.state } : {})}
          >
            {t.label}
          </button>
        ))}
      </nav>
      {entries.isPending ? (
        <p className="loading" role="status" aria-busy="true">
          Loading entries…
        </p>
      ) : entries.isError ? (
        <div className="error-box" role="alert">
          <p>The changelog could not be loaded. {problemOf(entries.error).detail}</p>
          <button type="button" className="secondary" onClick={() => entries.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty">
          <h2>{state ? `No ${TABS.find((t) => t.state === state)?.label.toLowerCase()}` : "No entries yet"}</h2>
          <p>Tell your users what shipped: each entry can link the posts it answers, and their voters hear about it.</p>
        </div>
      ) : (
        <ul className="entry-list" aria-label="Entries">
          {list.map((e) => (
            <li key={e.id}>
              <div>
                <Link to={`/changelog/${e.id}`} className="entry-title">
                  {e.title}
                </Link>{" "}
                <span className="badge">{e.type}</span>
              </div>
              <EntryState entry={e} />
            </li>
          ))}
        </ul>
      )}
      {entries.hasNextPage && (
        <button type="button" className="secondary spaced" onClick={() => entries.fetchNextPage()} disabled={entries.isFetchingNextPage}>
          More entries
        </button>
      )}
    </section>
  );
}
