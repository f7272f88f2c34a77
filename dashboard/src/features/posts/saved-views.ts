import type { Schemas } from "@heed/client";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { defaultSort, type Filters, IDLE_DAYS, sortFor } from "./InboxFilters.js";
import { chosen } from "./queries.js";

// A member's saved views (GET/PUT /v1/saved-views): their own named sets of the inbox's filters,
// stored as GET /v1/posts's query, so the API applies one as it is.

export type SavedView = Schemas["SavedView"];
type ApiFilters = SavedView["filters"];

export const savedViewsKey = ["saved-views"] as const;

export const savedViewsQuery = () => queryOptions({ queryKey: savedViewsKey, queryFn: async () => unwrap(await api.GET("/saved-views")).data });

/** The inbox's filters as the API's query, the status and a sort other than the default included. */
export function toApiFilters(filters: Filters): ApiFilters {
  return {
    ...chosen(filters),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.sort !== defaultSort(filters.q) ? { sort: filters.sort } : {}),
  };
}

/** A saved view's filters as the inbox's; what the inbox cannot show (`seen=true`) is left out. */
export function fromApiFilters(saved: ApiFilters): Filters {
  const q = saved.q ?? "";
  return {
    q,
    boardId: saved.boardId ?? "",
    status: saved.status ?? "",
    tag: saved.tag ?? "",
    authorId: saved.authorId ?? "",
    ownerId: saved.ownerId ?? "",
    unseen: saved.seen === "false",
    unanswered: saved.unanswered === "true",
    idleDays: saved.inactiveDays && IDLE_DAYS.includes(saved.inactiveDays) ? saved.inactiveDays : 0,
    duplicates: saved.possibleDuplicate === "true",
    held: saved.held === "true",
    sort: sortFor(q, saved.sort),
  };
}

/** Writes the whole list (the API's only write): adding, removing and reordering are all this. */
export function useSaveViews() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (views: SavedView[]) => unwrap(await api.PUT("/saved-views", { body: { data: views } })).data,
    onSuccess: (views) => queries.setQueryData(savedViewsKey, views),
  });
}
