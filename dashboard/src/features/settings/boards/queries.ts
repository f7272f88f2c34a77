import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../api.js";

// Boards, statuses and tags: made here, read by the inbox, the post page and the roadmap. A
// workspace has a handful of each: one page of 100 holds them all.

const ALL = { params: { query: { limit: 100 } } } as const;

export const boardKeys = {
  all: ["boards"] as const,
  list: () => [...boardKeys.all, "list"] as const,
};

export const statusKeys = {
  all: ["statuses"] as const,
  list: () => [...statusKeys.all, "list"] as const,
};

export const tagKeys = {
  all: ["tags"] as const,
  list: () => [...tagKeys.all, "list"] as const,
};

export const boardsQuery = () => queryOptions({ queryKey: boardKeys.list(), queryFn: async () => unwrap(await api.GET("/boards", ALL)) });

/** The statuses in the workspace's order (the roadmap's columns). */
export const statusesQuery = () => queryOptions({ queryKey: statusKeys.list(), queryFn: async () => unwrap(await api.GET("/statuses", ALL)) });

export const tagsQuery = () => queryOptions({ queryKey: tagKeys.list(), queryFn: async () => unwrap(await api.GET("/tags", ALL)) });
