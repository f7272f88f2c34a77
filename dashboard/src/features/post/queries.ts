import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { cursorQuery } from "../../ui/useCursorList.js";
import { postKeys, postQuery } from "../../data/posts.js";

// The post page's reads, and one way to write: every change refreshes the post, its activity,
// voters and comments, and the lists it appears in, so the page and the inbox never disagree.

export type { Post } from "../../data/posts.js";

export const activityQuery = (postId: string) =>
  cursorQuery(postKeys.activity(postId), async (cursor) =>
    unwrap(await api.GET("/posts/{id}/activity", { params: { path: { id: postId }, query: { limit: 50, ...cursor } } })),
  );

export const votersQuery = (postId: string) =>
  cursorQuery(postKeys.voters(postId), async (cursor) =>
    unwrap(await api.GET("/posts/{id}/votes", { params: { path: { id: postId }, query: { limit: 50, ...cursor } } })),
  );

export const commentsQuery = (postId: string) =>
  cursorQuery(postKeys.comments(postId), async (cursor) =>
    unwrap(await api.GET("/posts/{id}/comments", { params: { path: { id: postId }, query: { limit: 100, ...cursor } } })),
  );

/** The posts merged into this one: under its detail key, so a merge into it (which refreshes it) refreshes the list. */
export const mergedPostsQuery = (postId: string) =>
  cursorQuery(postKeys.merged(postId), async (cursor) =>
    unwrap(await api.GET("/posts/{id}/merged", { params: { path: { id: postId }, query: { limit: 50, ...cursor } } })),
  );

export function usePost(id: string) {
  return useQuery(postQuery(id));
}

/** What a change of these posts may have changed: each post's own reads, and every list of posts. */
export function refreshPost(queries: QueryClient, ...ids: string[]): Promise<unknown> {
  return Promise.all([
    ...ids.map((id) => queries.invalidateQueries({ queryKey: postKeys.detail(id) })),
    queries.invalidateQueries({ queryKey: postKeys.lists() }),
  ]);
}

/** A write to the post: the mutation, and the post refreshed once it succeeds. */
export function usePostWrite<Input, Output>(postId: string, write: (input: Input) => Promise<Output>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refreshPost(queries, postId) });
}
