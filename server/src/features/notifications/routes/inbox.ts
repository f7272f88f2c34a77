import { z } from "@hono/zod-openapi";
import { defineOperation } from "../../../http/define-operation.js";
import { memberSession } from "../../../http/route-security.js";
import { PageQuery } from "../../../platform/fields.js";
import { listNotifications, markNotificationsRead } from "../inbox.js";
import { getNotificationSettings, updateNotificationSettings } from "../settings.js";
import { MarkReadSchema, NotificationListQuery, NotificationListSchema, NotificationSettingsSchema, UpdateNotificationSettingsSchema } from "../schema.js";

export const listNotificationsOperation = defineOperation(
  {
    method: "get",
    path: "/notifications",
    operationId: "listNotifications",
    tag: "Notifications",
    summary: "List my notifications",
    description: "The signed-in member's notifications in this workspace, newest first, with how many are unread.",
    credential: memberSession(),
    query: NotificationListQuery.extend(PageQuery),
    answer: { status: 200, schema: NotificationListSchema, description: "A page of notifications and the unread count." },
  },
  { verb: listNotifications },
);

export const markNotificationsReadOperation = defineOperation(
  {
    method: "post",
    path: "/notifications/read",
    operationId: "markNotificationsRead",
    tag: "Notifications",
    summary: "Mark my notifications read",
    credential: memberSession(),
    body: MarkReadSchema,
    answer: { status: 200, schema: z.object({ unread: z.number().int() }).openapi("UnreadCount"), description: "How many are still unread." },
  },
  { verb: markNotificationsRead },
);

export const getNotificationSettingsOperation = defineOperation(
  {
    method: "get",
    path: "/notifications/settings",
    operationId: "getNotificationSettings",
    tag: "Notifications",
    summary: "Get what I hear",
    description: "Each kind in the dashboard and by mail, the boards whose new posts I hear of, and whether this server sends mail.",
    credential: memberSession(),
    answer: { status: 200, schema: NotificationSettingsSchema, description: "My settings." },
  },
  { verb: getNotificationSettings },
);

export const updateNotificationSettingsOperation = defineOperation(
  {
    method: "patch",
    path: "/notifications/settings",
    operationId: "updateNotificationSettings",
    tag: "Notifications",
    summary: "Set what I hear",
    description: "Kinds left out keep their choices; `boards` replaces the list.",
    credential: memberSession(),
    body: UpdateNotificationSettingsSchema,
    answer: { status: 200, schema: NotificationSettingsSchema, description: "My settings now." },
    errors: ["validation_failed"],
  },
  { verb: updateNotificationSettings },
);
