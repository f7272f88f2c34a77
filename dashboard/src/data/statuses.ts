import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";

// The workspace's statuses: made in settings, read by the inbox, the post page, the roadmap, the
// changelog and the integrations. One page of 100 holds them all.

export const statusKeys = {
  all: ["statuses"] as const,
  list: () => [...statusKeys.all, "list"] as const,
};

/** The statuses in the workspace's order (the roadmap's columns). */
export const statusesQuery = () =>
  queryOptions({ queryKey: statusKeys.list(), queryFn: async () => unwrap(await api.GET("/statuses", { params: { query: { limit: 100 } } })) });
