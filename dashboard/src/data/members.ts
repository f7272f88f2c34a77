import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";

// The team: the members settings lists, and every member's id and name, which any role may read.
// The team fits in one page of 100; more would page like every list.

export const memberKeys = {
  all: ["members"] as const,
  list: () => [...memberKeys.all, "list"] as const,
  invites: () => [...memberKeys.all, "invites"] as const,
  assignable: () => [...memberKeys.all, "assignable"] as const,
};

export const membersQuery = () =>
  queryOptions({ queryKey: memberKeys.list(), queryFn: async () => unwrap(await api.GET("/members", { params: { query: { limit: 100 } } })) });

/** Every member's id and name, for any role (posts:read): whom a post is assigned to, whom a comment mentions, who acted. */
export const assignableQuery = () => queryOptions({ queryKey: memberKeys.assignable(), queryFn: async () => unwrap(await api.GET("/members/assignable")) });

export function useAssignable() {
  return useQuery(assignableQuery());
}
