import type { Schemas } from "@heed/client";
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";
import { cursorQuery } from "../ui/useCursorList.js";

// Posts, as every area reads them. Lists sit under `postKeys.lists()`, so one write refreshes the
// inbox, its counts, the roadmap's columns and the searches at once; a post's own reads (the post,
// its activity, voters and comments) sit under `postKeys.detail(id)`.

export type Post = Schemas["Post"];

/** What a short list of posts selects (a person's votes, a company's asks). */
export type Selection = { authorId?: string; voterId?: string; companyId?: string; sort: "votes" | "revenue" | "newest" };

export const postKeys = {
  all: ["posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  /** The inbox, by its filters (features/posts/InboxFilters.tsx). */
  inbox: (filters: object) => [...postKeys.lists(), "inbox", filters] as const,
  statusCounts: (filters: object) => [...postKeys.lists(), "status-counts", filters] as const,
  search: (q: string) => [...postKeys.lists(), "search", q] as const,
  selection: (selection: Selection) => [...postKeys.lists(), "selection", selection] as const,
  roadmapColumn: (statusId: string) => [...postKeys.lists(), "roadmap", statusId] as const,
  deleted: () => [...postKeys.lists(), "deleted"] as const,
  /** How many people a bulk status change would mail (features/posts/BulkBar.tsx). */
  bulkPreview: (named: object, statusId: string) => [...postKeys.lists(), "bulk-preview", named, statusId] as const,
  detail: (id: string) => [...postKeys.all, "detail", id] as const,
  activity: (id: string) => [...postKeys.detail(id), "activity"] as const,
  voters: (id: string) => [...postKeys.detail(id), "voters"] as const,
  comments: (id: string) => [...postKeys.detail(id), "comments"] as const,
  merged: (id: string) => [...postKeys.detail(id), "merged"] as const,
};

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
