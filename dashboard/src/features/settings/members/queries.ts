import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../api.js";

// The team and its pending invites. The team fits in one page of 100; more would page like every
// list.

export const memberKeys = {
  all: ["members"] as const,
  list: () => [...memberKeys.all, "list"] as const,
  invites: () => [...memberKeys.all, "invites"] as const,
  assignable: () => [...memberKeys.all, "assignable"] as const,
};

export const membersQuery = () =>
  queryOptions({ queryKey: memberKeys.list(), queryFn: async () => unwrap(await api.GET("/members", { params: { query: { limit: 100 } } })) });

export const invitesQuery = () => queryOptions({ queryKey: memberKeys.invites(), queryFn: async () => unwrap(await api.GET("/members/invites")) });

/** Every member's id and name, for any role (posts:read): whom a post is assigned to, whom a comment mentions, who acted. */
export const assignableQuery = () => queryOptions({ queryKey: memberKeys.assignable(), queryFn: async () => unwrap(await api.GET("/members/assignable")) });

export function useAssignable() {
  return useQuery(assignableQuery());
}
