import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";

// End users: their keys, and the few found as someone types (the post page adds a voter so);
// the people pages read the rest (features/people).

export const userKeys = {
  all: ["users"] as const,
  list: (q: string) => [...userKeys.all, "list", q] as const,
  search: (q: string) => [...userKeys.all, "search", q] as const,
  ofCompany: (companyId: string) => [...userKeys.all, "company", companyId] as const,
  detail: (id: string) => [...userKeys.all, "detail", id] as const,
  eventCounts: (id: string) => [...userKeys.detail(id), "event-counts"] as const,
  comments: (id: string) => [...userKeys.detail(id), "comments"] as const,
};

/** A few end users found as someone types their name or email. */
export const userSearchQuery = (q: string) =>
  queryOptions({ queryKey: userKeys.search(q), queryFn: async () => unwrap(await api.GET("/users", { params: { query: { q, limit: 8 } } })) });
