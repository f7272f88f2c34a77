import type { Schemas } from "@heed/client";
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { postKeys } from "../../data/posts.js";
import { cursorQuery } from "../../ui/useCursorList.js";
import type { Filters } from "./InboxFilters.js";

// The inbox's reads: its posts, their counts per status and the trash (every area's reads of
// posts: data/posts.ts).

/** The inbox's filters but the status and the sort: what its counts per status are of. */
type CountFilters = Omit<Filters, "status" | "sort">;

const INBOX_PAGE = 25;

/** The filters the person set, as the API's query: an empty filter is no filter. */
export function chosen(filters: CountFilters) {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.boardId ? { boardId: filters.boardId } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.authorId ? { authorId: filters.authorId } : {}),
    ...(filters.ownerId ? { ownerId: filters.ownerId } : {}),
    ...(filters.unseen ? { seen: "false" as const } : {}),
    ...(filters.unanswered ? { unanswered: "true" as const } : {}),
    ...(filters.idleDays ? { inactiveDays: filters.idleDays } : {}),
    ...(filters.duplicates ? { possibleDuplicate: "true" as const } : {}),
    ...(filters.held ? { held: "true" as const } : {}),
  };
}

/** The trash: deleted and rejected posts, the last deleted first, a page at a time. */
export const deletedPostsQuery = () =>
  cursorQuery(postKeys.deleted(), async (cursor) => unwrap(await api.GET("/posts/deleted", { params: { query: { limit: INBOX_PAGE, ...cursor } } })));

/** The inbox: every post the filters select, in their sort, a page at a time. */
export const inboxQuery = (filters: Filters) =>
  cursorQuery(postKeys.inbox(filters), async (cursor) =>
    unwrap(
      await api.GET("/posts", {
        params: { query: { sort: filters.sort, limit: INBOX_PAGE, ...chosen(filters), ...(filters.status ? { status: filters.status } : {}), ...cursor } },
      }),
    ),
  );

/** How many of the posts the other filters select have each status. */
export const statusCountsQuery = ({ status: _status, sort: _sort, ...filters }: Filters) =>
  queryOptions({
    queryKey: postKeys.statusCounts(filters),
    queryFn: async () => unwrap(await api.GET("/posts/status-counts", { params: { query: chosen(filters) } })),
  });

/** How many people a status change of these posts (every match of `filters`, or the ids) would mail. */
export const bulkPreviewQuery = (named: { filters: Schemas["BulkFilters"] } | { postIds: string[] }, statusId: string) =>
  queryOptions({
    queryKey: postKeys.bulkPreview(named, statusId),
    queryFn: async () => unwrap(await api.POST("/posts/bulk/preview", { body: { ...named, action: { kind: "status", statusId } } })),
  });
