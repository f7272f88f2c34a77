import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";

// The workspace's boards: made in settings, read by the inbox, the post page, the changelog and
// the integrations. A workspace has a handful: one page of 100 holds them all.

export const boardKeys = {
  all: ["boards"] as const,
  list: () => [...boardKeys.all, "list"] as const,
};

export const boardsQuery = () =>
  queryOptions({ queryKey: boardKeys.list(), queryFn: async () => unwrap(await api.GET("/boards", { params: { query: { limit: 100 } } })) });
