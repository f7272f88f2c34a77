import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { type NotificationFilter as Filter, notificationKeys } from "../../data/notifications.js";
import { cursorQuery } from "../../ui/useCursorList.js";

// The signed-in member's notifications: the list (all, or unread), and their settings.

export const notificationsQuery = (filter: Filter = {}) =>
  cursorQuery(notificationKeys.list(filter), async (page) => unwrap(await api.GET("/notifications", { params: { query: { ...filter, ...page, limit: 30 } } })));

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: async () => unwrap(await api.GET("/notifications/settings")),
  });
