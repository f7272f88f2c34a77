import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { QueryState } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { boardsQuery } from "../../data/boards.js";
import type { BulkKind } from "./BulkBar.js";
import { ModerationBar } from "./ModerationBar.js";
import { type Filters, filtersOf, InboxFilters, paramsOf } from "./InboxFilters.js";
import { InboxViews } from "./InboxViews.js";
import { PostRow } from "./PostRow.js";
import { BulkJob } from "./BulkJob.js";
import { chosen, inboxQuery, statusCountsQuery } from "./queries.js";
import { ShortcutHelp } from "./ShortcutHelp.js";

// The bulk bar (a form with its schema) loads when the first post is selected: the inbox's first
// screen is the list, and most visits select nothing.
const BulkBar = lazy(() => import("./BulkBar.js").then((m) => ({ default: m.BulkBar })));
import { useShortcuts } from "./shortcuts.js";
import { StatusCounts } from "./StatusCounts.js";

// The inbox (/app/posts): every post, filtered and sorted as the address says, a page at a time
// by keyset cursor (fast at any depth). Loaded pages refresh every few seconds, so a post that
// arrives through the portal or the API shows up without a reload. Posts can be selected and
// changed together, and triaged from the keyboard ("?" lists the keys). The keyboard's cursor and
// the selection hold post ids, never row positions: a refresh that brings new posts in above them
// moves the rows, and a key pressed after it still acts on the post the person chose.

const REFRESH_MS = 5000;

/** Every filter off; the sort stays as it is. */
const { sort: _keptSort, ...NO_FILTERS } = filtersOf(new URLSearchParams());

type StatusCount = { status: { id: string; category: string }; count: number };

/** How many posts the filters match, from the counts per status (the status filter applied here). */
function totalMatching(counts: StatusCount[] | undefined, status: string): number | undefined {
  if (!counts) return undefined;
  return counts.filter((c) => !status || c.status.id === status || c.status.category === status).reduce((sum, c) => sum + c.count, 0);
}

/** What the inbox's filters select, as a bulk job's filters (no sort: a job is not ordered). */
function toBulkFilters(filters: Filters) {
  return { ...chosen(filters), ...(filters.status ? { status: filters.status } : {}) };
}

/** What an empty triage queue means, said as good news; undefined for any other filter. */
function caughtUp(filters: Filters): string | undefined {
  const { sort: _sort, ...rest } = filters;
  const only = (name: keyof typeof rest) => Object.entries(rest).every(([k, v]) => k === name || !v);
  if (filters.unseen && only("unseen")) return "Nothing new: the team has seen every post";
  if (filters.unanswered && only("unanswered")) return "Every post has an answer";
  if (filters.duplicates && only("duplicates")) return "No possible duplicates";
  if (filters.idleDays && only("idleDays")) return `Nothing idle for ${filters.idleDays} days`;
  if (filters.ownerId === "me" && only("ownerId")) return "Nothing assigned to you";
  if (filters.held && only("held")) return "Nothing waits for approval";
  return undefined;
}

function isFiltered(filters: Filters): boolean {
  const { sort: _sort, ...rest } = filters;
  return Object.values(rest).some(Boolean);
}

export function Inbox() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [selection, setSelection] = useState<Set<string>>(new Set());
  /** The post under the keyboard's cursor, by id. */
  const [cursorId, setCursorId] = useState<string | null>(null);
  /** Where that post was last seen: if it leaves the list, j and k go on from its place. */
  const lastIndex = useRef(-1);
  const [request, setRequest] = useState<{ kind: BulkKind; at: number }>();
  /** "Select all N matching": every post the filters match, beyond the pages shown. */
  const [allMatching, setAllMatching] = useState(false);
  /** The change to every matching post running on the server, followed until dismissed. */
  const [jobId, setJobId] = useState<string | null>(null);
  const help = useRef<HTMLDialogElement>(null);
  const boards = useQuery(boardsQuery());
  const boardNames = new Map((boards.data?.data ?? []).map((b) => [b.id, b.name]));
  const { query: posts, items: list } = useCursorList({ ...inboxQuery(filters), placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
  // The same read as the counts under the filters (one request): how many posts the filters match.
  const counts = useQuery({ ...statusCountsQuery(filters), enabled: !posts.isPending });
  const matchingTotal = totalMatching(counts.data?.data, filters.status);
  // A change applies to the filters in the address as it is now, not as this render saw it: the
  // router re-renders after a navigation in a transition, so a change made right after another
  // (clear the filters, then pick a sort) started from the filters before the first and brought
  // them back.
  const setFilters = (change: Partial<Filters>) => {
    setSelection(new Set());
    setAllMatching(false);
    setCursorId(null);
    lastIndex.current = -1;
    setParams(paramsOf({ ...filtersOf(new URLSearchParams(window.location.search)), ...change }));
  };
  // Any filter but the order: every one a view can set (held for approval too) narrows the list.
  const filtered = isFiltered(filters);
  const selected = list.filter((p) => selection.has(p.id));
  const cursorIndex = cursorId === null ? -1 : list.findIndex((p) => p.id === cursorId);
  if (cursorIndex >= 0) lastIndex.current = cursorIndex;
  // A post that left the list (merged, deleted, filtered out elsewhere) is no longer under the cursor.
  const current = cursorIndex >= 0 ? list[cursorIndex] : undefined;
  // Nor selected: the selection is what the list shows checked, so it cannot come back unseen.
  const data = posts.data;
  useEffect(() => {
    const shown = new Set(data?.pages.flatMap((p) => p.data.map((post) => post.id)) ?? []);
    setSelection((all) => ([...all].every((id) => shown.has(id)) ? all : new Set([...all].filter((id) => shown.has(id)))));
  }, [data]);
  const toggle = (id: string, on: boolean) =>
    setSelection((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const move = (step: 1 | -1) => {
    // From a post that has left the list, "next" is the one now in its place.
    const from = cursorIndex >= 0 || lastIndex.current < 0 ? cursorIndex : lastIndex.current - (step > 0 ? 1 : 0);
    const target = list[Math.max(0, Math.min(list.length - 1, from + step))];
    if (!target) return;
    setCursorId(target.id);
    document.querySelector<HTMLElement>(`[data-post-id="${target.id}"] .post-title a`)?.focus();
  };
  // "s" and "a" act on the selection, or on the post under the cursor when nothing is selected.
  const ask = (kind: BulkKind) => {
    if (selected.length === 0 && current) setSelection(new Set([current.id]));
    if (selected.length > 0 || current) setRequest({ kind, at: Date.now() });
  };
  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    x: () => current && toggle(current.id, !selection.has(current.id)),
    s: () => ask("status"),
    a: () => ask("owner"),
    "?": () => help.current?.showModal(),
  });
  return (
    <section className="inbox">
      <div className="page-head">
        <h1>Inbox</h1>
        <button type="button" className="link" onClick={() => help.current?.showModal()}>
          Keyboard shortcuts
        </button>
      </div>
      <ShortcutHelp ref={help} />
      <InboxViews filters={filters} onChange={setFilters} />
      <InboxFilters filters={filters} onChange={setFilters} />
      <StatusCounts filters={filters} refreshMs={REFRESH_MS} onStatus={(status) => setFilters({ status })} enabled={!posts.isPending} />
      {filtered && (
        <p>
          <button type="button" className="link" onClick={() => setFilters(NO_FILTERS)}>
            Clear the filters
          </button>
        </p>
      )}
      {selected.length > 0 && (
        <Suspense fallback={null}>
          <BulkBar
            selected={selected}
            matching={allMatching && matchingTotal !== undefined ? { total: matchingTotal, filters: toBulkFilters(filters) } : undefined}
            onJob={setJobId}
            request={request}
            onDone={() => {
              setSelection(new Set());
              setAllMatching(false);
            }}
          />
        </Suspense>
      )}
      {!allMatching && <ModerationBar selected={selected} onDone={() => setSelection(new Set())} />}
      {jobId && <BulkJob id={jobId} onClose={() => setJobId(null)} />}
      <QueryState
        query={posts}
        what="posts"
        isEmpty={() => list.length === 0}
        empty={
          <>
            <h2>{filtered ? (caughtUp(filters) ?? "No post matches") : "No posts yet"}</h2>
            <p>
              {filtered
                ? caughtUp(filters)
                  ? "Posts this view holds show up here as they come."
                  : "Try fewer filters, or other words."
                : "Ideas arrive here from the portal, the widget and the API. Share your portal's address with your users to get the first ones."}
            </p>
          </>
        }
      >
        {() => (
          <>
            <div className="select-all">
              <label className="choice">
                <input
                  type="checkbox"
                  checked={selected.length === list.length}
                  onChange={(e) => {
                    setSelection(e.target.checked ? new Set(list.map((p) => p.id)) : new Set());
                    setAllMatching(false);
                  }}
                />{" "}
                Select all {list.length} shown
              </label>
              {selected.length === list.length && matchingTotal !== undefined && matchingTotal > list.length && (
                <button type="button" className="link" aria-pressed={allMatching} onClick={() => setAllMatching(!allMatching)}>
                  {allMatching
                    ? `All ${matchingTotal.toLocaleString()} matching are selected: select only the ${list.length} shown`
                    : `Select all ${matchingTotal.toLocaleString()} matching`}
                </button>
              )}
            </div>
            <ul className="post-list" aria-label="Posts" aria-busy={posts.isFetching && !posts.isFetchingNextPage}>
              {list.map((post) => (
                <PostRow
                  key={post.id}
                  post={post}
                  boardName={boardNames.get(post.boardId)}
                  onAuthor={(authorId) => setFilters({ authorId })}
                  selected={selection.has(post.id)}
                  onSelect={(on) => toggle(post.id, on)}
                  current={post.id === current?.id}
                />
              ))}
            </ul>
            <MoreButton list={posts} label="More posts" />
          </>
        )}
      </QueryState>
    </section>
  );
}
