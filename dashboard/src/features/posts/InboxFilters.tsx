import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FieldFrame, FormField } from "../../ui/form/FormField.js";
import { searchedWords, useSearchForm } from "../../ui/form/useSearchForm.js";
import { Options } from "../../ui/Options.js";
import { boardsQuery } from "../../data/boards.js";
import { statusesQuery } from "../../data/statuses.js";
import { tagsQuery } from "../../data/tags.js";
import { useAssignable } from "../../data/members.js";

// The inbox's filters and sort, kept in the address (`?status=open&sort=votes`) so that a view can
// be bookmarked and shared. Boards, statuses and tags come from the API.

export const SORTS = [
  { id: "relevance", name: "Relevance" },
  { id: "newest", name: "Newest" },
  { id: "votes", name: "Most votes" },
  { id: "trending", name: "Trending" },
  { id: "revenue", name: "Revenue" },
  { id: "comments", name: "Most comments" },
  { id: "updated", name: "Recently updated" },
  { id: "oldest", name: "Oldest" },
] as const;

export type Sort = (typeof SORTS)[number]["id"];

/** A search ranks by relevance unless another sort is chosen; without one, newest first. Relevance needs words. */
export function defaultSort(q: string): Sort {
  return q ? "relevance" : "newest";
}

export function sortFor(q: string, sort: string | null | undefined): Sort {
  if (!SORTS.some((s) => s.id === sort) || (sort === "relevance" && !q)) return defaultSort(q);
  return sort as Sort;
}

export interface Filters {
  q: string;
  boardId: string;
  status: string;
  tag: string;
  authorId: string;
  /** A member id, `none` for posts nobody owns, `me` for the signed-in member's, or empty for anyone. */
  ownerId: string;
  /** New: only posts the team has not seen. */
  unseen: boolean;
  /** Only posts without a public reply from the team. */
  unanswered: boolean;
  /** Stale: only posts idle at least this many days; 0 for any. */
  idleDays: number;
  /** Only posts with a possible duplicate. */
  duplicates: boolean;
  /** Held for approval: posts, and posts with comments, waiting for the team's decision. */
  held: boolean;
  sort: Sort;
}

export function filtersOf(params: URLSearchParams): Filters {
  const q = params.get("q") ?? "";
  return {
    q,
    boardId: params.get("board") ?? "",
    status: params.get("status") ?? "",
    tag: params.get("tag") ?? "",
    authorId: params.get("author") ?? "",
    ownerId: params.get("owner") ?? "",
    unseen: params.get("new") === "1",
    unanswered: params.get("unanswered") === "1",
    idleDays: IDLE_DAYS.includes(Number(params.get("idle"))) ? Number(params.get("idle")) : 0,
    duplicates: params.get("duplicates") === "1",
    held: params.get("held") === "1",
    sort: sortFor(q, params.get("sort")),
  };
}

export function paramsOf(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.boardId) params.set("board", filters.boardId);
  if (filters.status) params.set("status", filters.status);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.authorId) params.set("author", filters.authorId);
  if (filters.ownerId) params.set("owner", filters.ownerId);
  if (filters.unseen) params.set("new", "1");
  if (filters.unanswered) params.set("unanswered", "1");
  if (filters.idleDays) params.set("idle", String(filters.idleDays));
  if (filters.duplicates) params.set("duplicates", "1");
  if (filters.held) params.set("held", "1");
  const sort = sortFor(filters.q, filters.sort);
  if (sort !== defaultSort(filters.q)) params.set("sort", sort);
  return params;
}

/** The choices of "Idle for": a Stale view is one of them. */
export const IDLE_DAYS = [7, 14, 30, 90];

const CATEGORIES = [
  { id: "open", name: "All open" },
  { id: "active", name: "All active" },
  { id: "complete", name: "All complete" },
  { id: "closed", name: "All closed" },
];

/** A filter's select: it applies at once. */
function Filter({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <FieldFrame label={label}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export function InboxFilters({ filters, onChange }: { filters: Filters; onChange: (change: Partial<Filters>) => void }) {
  const boards = useQuery(boardsQuery());
  const statuses = useQuery(statusesQuery());
  const tags = useQuery(tagsQuery());
  // Owners to choose from: the team's names, which every role may read.
  const members = useAssignable();
  // The search box follows the address (a cleared filter, back); it applies on Enter or the button.
  const form = useSearchForm(filters.q);
  // On a phone the selects fold behind one button, so that the first posts show on the first screen.
  const [unfolded, setUnfolded] = useState(false);
  const choicesId = useId();
  const chosen = [filters.status, filters.boardId, filters.tag, filters.ownerId, filters.idleDays].filter(Boolean).length;
  return (
    <ApiForm
      form={form}
      onSubmit={(values) => {
        const q = searchedWords(values);
        // A sort left as it came follows the search: ranked while there are words, newest without.
        onChange(filters.sort === defaultSort(filters.q) ? { q, sort: defaultSort(q) } : { q });
      }}
      className={unfolded ? "filters inbox-filters unfolded" : "filters inbox-filters"}
      aria-label="Filter posts"
    >
      <FormField name="q" label="Search" type="search" maxLength={200} placeholder="Words in the title or body" />
      <button type="button" className="secondary filters-toggle" aria-expanded={unfolded} aria-controls={choicesId} onClick={() => setUnfolded(!unfolded)}>
        {chosen ? `Filters (${chosen})` : "Filters"}
      </button>
      <div id={choicesId} className="filter-choices">
        <Filter label="Status" value={filters.status} onChange={(status) => onChange({ status })}>
          <option value="">Any status</option>
          <Options items={CATEGORIES} />
          <Options items={statuses.data?.data ?? []} />
        </Filter>
        <Filter label="Board" value={filters.boardId} onChange={(boardId) => onChange({ boardId })}>
          <option value="">Every board</option>
          <Options items={boards.data?.data ?? []} />
        </Filter>
        <Filter label="Tag" value={filters.tag} onChange={(tag) => onChange({ tag })}>
          <option value="">Any tag</option>
          <Options items={tags.data?.data ?? []} />
        </Filter>
        <Filter label="Owner" value={filters.ownerId} onChange={(ownerId) => onChange({ ownerId })}>
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Nobody yet</option>
          <Options items={members.data?.data ?? []} />
        </Filter>
        <Filter label="Idle for" value={String(filters.idleDays || "")} onChange={(idle) => onChange({ idleDays: Number(idle) })}>
          <option value="">Any time</option>
          {IDLE_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} days or more
            </option>
          ))}
        </Filter>
        <Filter label="Sort" value={filters.sort} onChange={(sort) => onChange({ sort: sort as Sort })}>
          <Options items={filters.q ? SORTS : SORTS.filter((s) => s.id !== "relevance")} />
        </Filter>
      </div>
      <div className="actions">
        <button type="submit" className="secondary">
          Search
        </button>
      </div>
    </ApiForm>
  );
}
