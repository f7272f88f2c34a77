import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { formatRelative } from "../../ui/format.js";

// What a person wrote across posts, newest first: the start of each comment, with a link to the
// post it is on.

const EXCERPT = 240;

export function UserComments({ userId }: { userId: string }) {
  const comments = useInfiniteQuery({
    queryKey: ["user-comments", userId],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(await api.GET("/users/{id}/comments", { params: { path: { id: userId }, query: { limit: 10, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const list = comments.data?.pages.flatMap((p) => p.data) ?? [];
  if (comments.isPending)
    return (
      <p className="loading" role="status" aria-busy="true">
        Loading comments…
      </p>
    );
  if (comments.isError)
    return (
      <p className="error" role="alert">
        {problemOf(comments.error).detail}
      </p>
    );
  if (list.length === 0) return <p className="muted">No comments yet.</p>;
  return (
    <>
      <ul className="search-results" aria-label="Comments they wrote">
        {list.map((c) => (
          <li key={c.id}>
            <span>{c.body.length > EXCERPT ? `${c.body.slice(0, EXCERPT)}…` : c.body}</span>
            <span className="nowrap">
              <Link to={`/posts/${c.postId}`}>On the post</Link> <span className="muted">{formatRelative(c.createdAt)}</span>
            </span>
          </li>
        ))}
      </ul>
      {comments.hasNextPage && (
        <button type="button" className="secondary spaced" onClick={() => comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
          More comments
        </button>
      )}
    </>
  );
}
