import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";

// The workspace's tags: made in settings, read by the inbox and the post page. One page of 100
// holds them all.

export const tagKeys = {
  all: ["tags"] as const,
  list: () => [...tagKeys.all, "list"] as const,
};

export const tagsQuery = () =>
  queryOptions({ queryKey: tagKeys.list(), queryFn: async () => unwrap(await api.GET("/tags", { params: { query: { limit: 100 } } })) });
