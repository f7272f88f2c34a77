import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { type Filters, filtersOf, InboxFilters, paramsOf } from "./InboxFilters.js";
import { PostRow } from "./PostRow.js";
import { StatusCounts } from "./StatusCounts.js";

// The inbox (/app/posts): every post, filtered and sorted as the address says, a page at a time
// by keyset cursor (fast at any depth). Loaded pages refresh every few seconds, so a post that
// arrives through the portal or the API shows up without a reload.

const PAGE = 25;
const REFRESH_MS = 5000;

export function Inbox() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const boards = useQuery({ queryKey: ["boards"], queryFn: async () => unwrap(await api.GET("/boards", { params: { query: { limit: 100 } } })) });
  const boardNames = new Map((boards.data?.data ?? []).map((b) => [b.id, b.name]));
  const posts = useInfiniteQuery({
    queryKey: ["posts", "inbox", filters],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET("/posts", {
          params: {
            query: {
              sort: filters.sort,
              limit: PAGE,
              ...(filters.q ? { q: filters.q } : {}),
              ...(filters.boardId ? { boardId: filters.boardId } : {}),
              ...(filters.status ? { status: filters.status } : {}),
              ...(filters.tag ? { tag: filters.tag } : {}),
              ...(filters.authorId ? { authorId: filters.authorId } : {}),
              ...(filters.ownerId ? { ownerId: filters.ownerId } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const setFilters = (next: Filters) => setParams(paramsOf(next));
  const filtered = Boolean(filters.q || filters.boardId || filters.status || filters.tag || filters.authorId || filters.ownerId);
  const list = posts.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>Inbox</h1>
      <InboxFilters filters={filters} onChange={setFilters} />
      <StatusCounts filters={filters} refreshMs={REFRESH_MS} onStatus={(status) => setFilters({ ...filters, status })} />
      {filtered && (
        <p>
          <button type="button" className="link" onClick={() => setFilters({ ...filtersOf(new URLSearchParams()), sort: filters.sort })}>
            Clear the filters
          </button>
        </p>
      )}
      {posts.isPending ? (
        <p className="loading" role="status" aria-busy="true">
          Loading posts…
        </p>
      ) : posts.isError ? (
        <div className="error-box" role="alert">
          <p>Posts could not be loaded. {problemOf(posts.error).detail}</p>
          <button type="button" className="secondary" onClick={() => posts.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty">
          <h2>{filtered ? "No post matches" : "No posts yet"}</h2>
          <p>
            {filtered
              ? "Try fewer filters, or other words."
              : "Ideas arrive here from the portal, the widget and the API. Share your portal's address with your users to get the first ones."}
          </p>
        </div>
      ) : (
        <>
          <ul className="post-list" aria-label="Posts" aria-busy={posts.isFetching && !posts.isFetchingNextPage}>
            {list.map((post) => (
              <PostRow key={post.id} post={post} boardName={boardNames.get(post.boardId)} onAuthor={(authorId) => setFilters({ ...filters, authorId })} />
            ))}
          </ul>
          {posts.hasNextPage && (
            <button type="button" className="secondary spaced" onClick={() => posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
              {posts.isFetchingNextPage ? "Loading…" : "More posts"}
            </button>
          )}
        </>
      )}
    </section>
  );
}
