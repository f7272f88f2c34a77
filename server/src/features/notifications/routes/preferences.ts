import { defineOperation } from "../../../http/define-operation.js";
import { publicKey, secretKey } from "../../../http/route-security.js";
import { idParam } from "../../../platform/fields.js";
import { getPortalNotificationPreferences, updatePortalNotificationPreferences } from "../portal.js";
import { NotificationPreferencesSchema, UpdateNotificationPreferencesSchema } from "../schema.js";
import { getUserNotificationPreferences, updateUserNotificationPreferences } from "../user-preferences.js";

const userParam = idParam("usr", "end user");

export const getUserNotificationPreferencesOperation = defineOperation(
  {
    method: "get",
    path: "/users/{id}/notification-preferences",
    operationId: "getUserNotificationPreferences",
    tag: "Notifications",
    summary: "Get what an end user hears",
    credential: secretKey("users:read"),
    params: userParam,
    answer: { status: 200, schema: NotificationPreferencesSchema, description: "Their choices." },
  },
  { verb: getUserNotificationPreferences },
);

export const updateUserNotificationPreferencesOperation = defineOperation(
  {
    method: "patch",
    path: "/users/{id}/notification-preferences",
    operationId: "updateUserNotificationPreferences",
    tag: "Notifications",
    summary: "Set what an end user hears",
    description: "Fields left out keep their value. `email: off` also drops mail waiting to be sent to them.",
    credential: secretKey("users:write"),
    params: userParam,
    body: UpdateNotificationPreferencesSchema,
    answer: { status: 200, schema: NotificationPreferencesSchema, description: "Their choices now." },
  },
  { verb: updateUserNotificationPreferences },
);

export const getPortalNotificationPreferencesOperation = defineOperation(
  {
    method: "get",
    path: "/portal/me/notification-preferences",
    operationId: "getPortalNotificationPreferences",
    tag: "Portal",
    summary: "Get what I hear",
    credential: publicKey("required"),
    answer: { status: 200, schema: NotificationPreferencesSchema, description: "The identified end user's choices." },
  },
  { verb: getPortalNotificationPreferences },
);

export const updatePortalNotificationPreferencesOperation = defineOperation(
  {
    method: "patch",
    path: "/portal/me/notification-preferences",
    operationId: "updatePortalNotificationPreferences",
    tag: "Portal",
    summary: "Set what I hear",
    description: "Fields left out keep their value.",
    credential: publicKey("required"),
    body: UpdateNotificationPreferencesSchema,
    answer: { status: 200, schema: NotificationPreferencesSchema, description: "The identified end user's choices now." },
  },
  { verb: updatePortalNotificationPreferences },
);
