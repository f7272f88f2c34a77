import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Schemas } from "@heed/client";
import { api, unwrap } from "../../api.js";
import { canManageWorkspace, useCurrentWorkspace } from "../../role.js";

// The post page's reads, and one way to write: every change refreshes the post, its activity and
// the lists it appears in, so the page and the inbox never disagree.

export type Post = Schemas["Post"];

export function usePost(id: string) {
  return useQuery({ queryKey: ["post", id], queryFn: async () => unwrap(await api.GET("/posts/{id}", { params: { path: { id } } })) });
}

/** What a change of this post may have changed elsewhere. */
export function refreshPost(queries: QueryClient, ...ids: string[]): Promise<unknown> {
  return Promise.all([
    ...ids.flatMap((id) => [
      queries.invalidateQueries({ queryKey: ["post", id] }),
      queries.invalidateQueries({ queryKey: ["post-activity", id] }),
      queries.invalidateQueries({ queryKey: ["post-voters", id] }),
      queries.invalidateQueries({ queryKey: ["post-comments", id] }),
    ]),
    queries.invalidateQueries({ queryKey: ["posts"] }),
  ]);
}

/** A write to the post: the mutation, and the post refreshed once it succeeds. */
export function usePostWrite<Input, Output>(postId: string, write: (input: Input) => Promise<Output>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refreshPost(queries, postId) });
}

const lists = { params: { query: { limit: 100 } } } as const;

export function useBoards() {
  return useQuery({ queryKey: ["boards"], queryFn: async () => unwrap(await api.GET("/boards", lists)) });
}

export function useStatuses() {
  return useQuery({ queryKey: ["statuses"], queryFn: async () => unwrap(await api.GET("/statuses", lists)) });
}

export function useTags() {
  return useQuery({ queryKey: ["tags"], queryFn: async () => unwrap(await api.GET("/tags", lists)) });
}

/** The team, for those whose role may list it (a member's may not): names of owners and actors. */
export function useMembers() {
  const manages = canManageWorkspace(useCurrentWorkspace()?.role);
  return useQuery({ queryKey: ["members"], queryFn: async () => unwrap(await api.GET("/members", lists)), enabled: manages });
}
