import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { api, unwrap } from "../../api.js";
import { canManageWorkspace, useCurrentWorkspace } from "../../role.js";

// The inbox's filters and sort, kept in the address (`?status=open&sort=votes`) so that a view can
// be bookmarked and shared. Boards, statuses and tags come from the API.

export const SORTS = [
  { id: "newest", label: "Newest" },
  { id: "votes", label: "Most votes" },
  { id: "trending", label: "Trending" },
  { id: "revenue", label: "Revenue" },
  { id: "comments", label: "Most comments" },
  { id: "updated", label: "Recently updated" },
  { id: "oldest", label: "Oldest" },
] as const;

export type Sort = (typeof SORTS)[number]["id"];

export interface Filters {
  q: string;
  boardId: string;
  status: string;
  tag: string;
  authorId: string;
  /** A member id, `none` for posts nobody owns, or empty for anyone. */
  ownerId: string;
  sort: Sort;
}

export function filtersOf(params: URLSearchParams): Filters {
  const sort = params.get("sort");
  return {
    q: params.get("q") ?? "",
    boardId: params.get("board") ?? "",
    status: params.get("status") ?? "",
    tag: params.get("tag") ?? "",
    authorId: params.get("author") ?? "",
    ownerId: params.get("owner") ?? "",
    sort: SORTS.some((s) => s.id === sort) ? (sort as Sort) : "newest",
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
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  return params;
}

const CATEGORIES = [
  { id: "open", label: "All open" },
  { id: "active", label: "All active" },
  { id: "complete", label: "All complete" },
  { id: "closed", label: "All closed" },
];

export function InboxFilters({ filters, onChange }: { filters: Filters; onChange: (change: Partial<Filters>) => void }) {
  const id = useId();
  const boards = useQuery({ queryKey: ["boards"], queryFn: async () => unwrap(await api.GET("/boards", { params: { query: { limit: 100 } } })) });
  const statuses = useQuery({ queryKey: ["statuses"], queryFn: async () => unwrap(await api.GET("/statuses", { params: { query: { limit: 100 } } })) });
  const tags = useQuery({ queryKey: ["tags"], queryFn: async () => unwrap(await api.GET("/tags", { params: { query: { limit: 100 } } })) });
  // Owners to choose from: the team, for those whose role may list it (a member's may not).
  const manages = canManageWorkspace(useCurrentWorkspace()?.role);
  const members = useQuery({
    queryKey: ["members"],
    queryFn: async () => unwrap(await api.GET("/members", { params: { query: { limit: 100 } } })),
    enabled: manages,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChange({ q: String(form.get("q")).trim() });
  };
  // Selects apply at once; the search applies on Enter or the button.
  const select = (name: keyof Filters) => (event: { target: { value: string } }) => onChange({ [name]: event.target.value });
  return (
    <form className="filters" onSubmit={onSubmit} aria-label="Filter posts">
      <div className="field">
        <label htmlFor={`${id}-q`}>Search</label>
        <input id={`${id}-q`} name="q" type="search" defaultValue={filters.q} key={filters.q} maxLength={200} placeholder="Words in the title or body" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={filters.status} onChange={select("status")}>
          <option value="">Any status</option>
          {CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
          {(statuses.data?.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-board`}>Board</label>
        <select id={`${id}-board`} value={filters.boardId} onChange={select("boardId")}>
          <option value="">Every board</option>
          {(boards.data?.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tag`}>Tag</label>
        <select id={`${id}-tag`} value={filters.tag} onChange={select("tag")}>
          <option value="">Any tag</option>
          {(tags.data?.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-owner`}>Owner</label>
        <select id={`${id}-owner`} value={filters.ownerId} onChange={select("ownerId")}>
          <option value="">Anyone</option>
          <option value="none">Nobody yet</option>
          {(members.data?.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort`}>Sort</label>
        <select id={`${id}-sort`} value={filters.sort} onChange={select("sort")}>
          {SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="actions">
        <button type="submit" className="secondary">
          Search
        </button>
      </div>
    </form>
  );
}
