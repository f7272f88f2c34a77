import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { userKeys } from "../../data/users.js";
import { cursorQuery } from "../../ui/useCursorList.js";

// End users and companies: lists found by search, each one's page, and what they did.

const PAGE = 25;

export const companyKeys = {
  all: ["companies"] as const,
  list: (q: string, sort: CompanySort) => [...companyKeys.all, "list", q, sort] as const,
  detail: (id: string) => [...companyKeys.all, "detail", id] as const,
};

export const usersQuery = (q: string) =>
  cursorQuery(userKeys.list(q), async (cursor) => unwrap(await api.GET("/users", { params: { query: { limit: PAGE, ...(q ? { q } : {}), ...cursor } } })));

export const companyUsersQuery = (companyId: string) =>
  cursorQuery(userKeys.ofCompany(companyId), async (cursor) => unwrap(await api.GET("/users", { params: { query: { companyId, limit: PAGE, ...cursor } } })));

export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: async () => unwrap(await api.GET("/users/{id}", { params: { path: { id } } })) });

/** What the end user did in the customer's product, counted per event. */
export const eventCountsQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.eventCounts(id),
    queryFn: async () => unwrap(await api.GET("/users/{id}/event-counts", { params: { path: { id }, query: { limit: 50 } } })),
  });

export const userCommentsQuery = (id: string) =>
  cursorQuery(userKeys.comments(id), async (cursor) =>
    unwrap(await api.GET("/users/{id}/comments", { params: { path: { id }, query: { limit: 10, ...cursor } } })),
  );

/** Newest first, or the highest monthly spend first. */
export type CompanySort = "newest" | "spend";

export const companiesQuery = (q: string, sort: CompanySort = "newest") =>
  cursorQuery(companyKeys.list(q, sort), async (cursor) =>
    unwrap(await api.GET("/companies", { params: { query: { limit: PAGE, sort, ...(q ? { q } : {}), ...cursor } } })),
  );

export const companyQuery = (id: string) =>
  queryOptions({ queryKey: companyKeys.detail(id), queryFn: async () => unwrap(await api.GET("/companies/{id}", { params: { path: { id } } })) });
