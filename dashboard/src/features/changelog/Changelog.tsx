import { keepPreviousData } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { QueryState } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { EntryState } from "./EntryState.js";
import { changelogQuery, type EntryState as State } from "./queries.js";

// The changelog (/app/changelog): drafts, scheduled and published entries, newest first. The list
// refreshes every few seconds, so a scheduled entry is seen turning published.

const TABS = [
  { state: "", label: "All" },
  { state: "draft", label: "Drafts" },
  { state: "scheduled", label: "Scheduled" },
  { state: "published", label: "Published" },
] as const;

export function Changelog() {
  const [params, setParams] = useSearchParams();
  const state = TABS.some((t) => t.state === params.get("state")) ? (params.get("state") as State) : undefined;
  const { query: entries, items: list } = useCursorList({ ...changelogQuery(state), placeholderData: keepPreviousData, refetchInterval: 5000 });
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
      <QueryState
        query={entries}
        what="entries"
        isEmpty={() => list.length === 0}
        empty={
          <>
            <h2>{state ? `No ${TABS.find((t) => t.state === state)?.label.toLowerCase()}` : "No entries yet"}</h2>
            <p>Tell your users what shipped: each entry can link the posts it answers, and their voters hear about it.</p>
          </>
        }
      >
        {() => (
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
      </QueryState>
      <MoreButton list={entries} label="More entries" />
    </section>
  );
}
