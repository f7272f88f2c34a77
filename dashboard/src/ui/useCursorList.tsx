import { type InfiniteData, infiniteQueryOptions, type QueryKey, type UseInfiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

// Every list the API pages by cursor, read the same way: pages fetched one after another as the
// person asks for more, and their items as one array.

interface Page {
  data: unknown[];
  nextCursor?: string | null;
}

type Cursor = string | undefined;

/** The query options of such a list: `fetchPage` gets `{}` for the first page, then `{ cursor }`. */
export function cursorQuery<P extends Page, K extends QueryKey>(queryKey: K, fetchPage: (cursor: { cursor?: string }) => Promise<P>) {
  return infiniteQueryOptions<P, Error, InfiniteData<P, Cursor>, K, Cursor>({
    queryKey,
    initialPageParam: undefined as Cursor,
    // `{}` on the first page: the API takes no empty cursor.
    queryFn: ({ pageParam }) => fetchPage(pageParam ? { cursor: pageParam } : {}),
    getNextPageParam: (last: P) => last.nextCursor ?? undefined,
  });
}

/** The list read: the query, and the items of the pages loaded so far. */
export function useCursorList<P extends Page, K extends QueryKey>(options: UseInfiniteQueryOptions<P, Error, InfiniteData<P, Cursor>, K, Cursor>) {
  const query = useInfiniteQuery(options);
  const items: P["data"][number][] = query.data?.pages.flatMap((p) => p.data) ?? [];
  return { query, items };
}

type MoreOf = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The "More …" button under a list, while there is more. */
export function MoreButton({ list, label, className = "secondary spaced" }: { list: MoreOf; label: string; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <button type="button" className={className} onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
      {list.isFetchingNextPage ? "Loading…" : label}
    </button>
  );
}
