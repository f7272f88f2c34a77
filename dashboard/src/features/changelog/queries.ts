import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { cursorQuery } from "../../ui/useCursorList.js";

// Changelog entries: the list (all, or of one state) and each entry.

export type EntryState = "draft" | "scheduled" | "published";

export const changelogKeys = {
  all: ["changelog"] as const,
  lists: () => [...changelogKeys.all, "list"] as const,
  list: (state: EntryState | undefined) => [...changelogKeys.lists(), state ?? "all"] as const,
  detail: (id: string) => [...changelogKeys.all, "detail", id] as const,
};

export const changelogQuery = (state: EntryState | undefined) =>
  cursorQuery(changelogKeys.list(state), async (cursor) =>
    unwrap(await api.GET("/changelog", { params: { query: { limit: 25, ...(state ? { state } : {}), ...cursor } } })),
  );

export const entryQuery = (id: string) =>
  queryOptions({ queryKey: changelogKeys.detail(id), queryFn: async () => unwrap(await api.GET("/changelog/{id}", { params: { path: { id } } })) });
