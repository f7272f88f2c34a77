import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";

// Every list the API pages by cursor, read the same way: pages fetched one after another as the
// person asks for more, and their items as one array.

interface Page<T> {
  data: T[];
  nextCursor?: string | null;
}

interface Options {
  refetchInterval?: number;
  enabled?: boolean;
}

export function useCursorList<T>(queryKey: QueryKey, fetchPage: (cursor: { cursor?: string }) => Promise<Page<T>>, options: Options = {}) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as string | undefined,
    // `{}` on the first page: the API takes no empty cursor.
    queryFn: ({ pageParam }) => fetchPage(pageParam ? { cursor: pageParam } : {}),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...options,
  });
  return { query, items: query.data?.pages.flatMap((p) => p.data) ?? [] };
}

/** The "More …" button under a list, while there is more. */
export function MoreButton({ list, label }: { list: ReturnType<typeof useCursorList>["query"]; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <button type="button" className="secondary spaced" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
      {list.isFetchingNextPage ? "Loading…" : label}
    </button>
  );
}
