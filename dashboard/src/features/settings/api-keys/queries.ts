import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../api.js";

// The workspace's API keys: all of them, or those one member minted. A workspace has a handful:
// one page of 100 holds them all.

type Filter = { createdBy?: string };

export const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: (filter: Filter = {}) => [...apiKeyKeys.all, "list", filter] as const,
};

export const apiKeysQuery = (filter: Filter = {}) =>
  queryOptions({
    queryKey: apiKeyKeys.list(filter),
    queryFn: async () => unwrap(await api.GET("/api-keys", { params: { query: { ...filter, limit: 100 } } })),
  });
