import type { Schemas } from "@heed/client";
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { cursorQuery } from "../../ui/useCursorList.js";
import type { Filters } from "./InboxFilters.js";

// Posts, as every area reads them. Lists sit under `postKeys.lists()`, so one write refreshes the
// inbox, its counts, the roadmap's columns and the searches at once; a post's own reads (the post,
// its activity, voters and comments) sit under `postKeys.detail(id)`.

export type Post = Schemas["Post"];

/** What a short list of posts selects (a person's votes, a company's asks). */
export type Selection = { authorId?: string; voterId?: string; companyId?: string; sort: "votes" | "revenue" | "newest" };

/** The inbox's filters but the status and the sort: what its counts per status are of. */
type CountFilters = Omit<Filters, "status" | "sort">;

export const postKeys = {
  all: ["posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  inbox: (filters: Filters) => [...postKeys.lists(), "inbox", filters] as const,
  statusCounts: (filters: CountFilters) => [...postKeys.lists(), "status-counts", filters] as const,
  search: (q: string) => [...postKeys.lists(), "search", q] as const,
  selection: (selection: Selection) => [...postKeys.lists(), "selection", selection] as const,
  roadmapColumn: (statusId: string) => [...postKeys.lists(), "roadmap", statusId] as const,
  deleted: () => [...postKeys.lists(), "deleted"] as const,
  detail: (id: string) => [...postKeys.all, "detail", id] as const,
  activity: (id: string) => [...postKeys.detail(id), "activity"] as const,
  voters: (id: string) => [...postKeys.detail(id), "voters"] as const,
  comments: (id: string) => [...postKeys.detail(id), "comments"] as const,
};

const INBOX_PAGE = 25;

/** The filters the person set, as the API's query: an empty filter is no filter. */
export function chosen(filters: CountFilters) {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.boardId ? { boardId: filters.boardId } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.authorId ? { authorId: filters.authorId } : {}),
    ...(filters.ownerId ? { ownerId: filters.ownerId } : {}),
    ...(filters.unseen ? { seen: "false" as const } : {}),
    ...(filters.unanswered ? { unanswered: "true" as const } : {}),
    ...(filters.idleDays ? { inactiveDays: filters.idleDays } : {}),
    ...(filters.duplicates ? { possibleDuplicate: "true" as const } : {}),
    ...(filters.held ? { held: "true" as const } : {}),
  };
}

/** The trash: deleted and rejected posts, the last deleted first, a page at a time. */
export const deletedPostsQuery = () =>
  cursorQuery(postKeys.deleted(), async (cursor) => unwrap(await api.GET("/posts/deleted", { params: { query: { limit: INBOX_PAGE, ...cursor } } })));

/** The inbox: every post the filters select, in their sort, a page at a time. */
export const inboxQuery = (filters: Filters) =>
  cursorQuery(postKeys.inbox(filters), async (cursor) =>
    unwrap(
      await api.GET("/posts", {
        params: { query: { sort: filters.sort, limit: INBOX_PAGE, ...chosen(filters), ...(filters.status ? { status: filters.status } : {}), ...cursor } },
      }),
    ),
  );

/** How many of the posts the other filters select have each status. */
export const statusCountsQuery = ({ status: _status, sort: _sort, ...filters }: Filters) =>
  queryOptions({
    queryKey: postKeys.statusCounts(filters),
    queryFn: async () => unwrap(await api.GET("/posts/status-counts", { params: { query: chosen(filters) } })),
  });

/** Posts found as someone types (to merge into, to link from an entry), most relevant first. */
export const postSearchQuery = (q: string) =>
  queryOptions({
    queryKey: postKeys.search(q),
    queryFn: async () => unwrap(await api.GET("/posts", { params: { query: { q, sort: "relevance", limit: 8 } } })),
  });

export const postSelectionQuery = (selection: Selection) =>
  cursorQuery(postKeys.selection(selection), async (cursor) => unwrap(await api.GET("/posts", { params: { query: { ...selection, limit: 10, ...cursor } } })));

export const postQuery = (id: string) =>
  queryOptions({ queryKey: postKeys.detail(id), queryFn: async () => unwrap(await api.GET("/posts/{id}", { params: { path: { id } } })) });
