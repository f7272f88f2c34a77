import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";
import { cursorQuery } from "../ui/useCursorList.js";

// The signed-in member's notifications' keys, the unread count the frame shows (read from the
// list's answer, refreshed every minute) and who was told what about one post (the post page's);
// the notifications page reads the rest (features/notifications).

export type NotificationFilter = { unread?: "true" };

export const notificationKeys = {
  all: ["notifications"] as const,
  list: (filter: NotificationFilter = {}) => [...notificationKeys.all, "list", filter] as const,
  unread: () => [...notificationKeys.all, "unread"] as const,
  settings: () => [...notificationKeys.all, "settings"] as const,
  ofPost: (postId: string) => [...notificationKeys.all, "post", postId] as const,
};

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: async () => unwrap(await api.GET("/notifications", { params: { query: { unread: "true", limit: 1 } } })).unread,
    refetchInterval: 60_000,
  });

export const postNotificationsQuery = (postId: string) =>
  cursorQuery(notificationKeys.ofPost(postId), async (page) =>
    unwrap(await api.GET("/posts/{id}/notifications", { params: { path: { id: postId }, query: { ...page, limit: 50 } } })),
  );
