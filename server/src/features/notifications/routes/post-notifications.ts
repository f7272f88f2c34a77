import { z } from "@hono/zod-openapi";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { PageQuery, postParam } from "../../../platform/fields.js";
import { listPostNotifications } from "../post-notifications.js";
import { PostNotificationListSchema } from "../schema.js";

export const listPostNotificationsOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}/notifications",
    operationId: "listPostNotifications",
    tag: "Notifications",
    summary: "Who was told what about a post",
    description: "Newest first: each person told of a change to the post, what they were told, and whether their mail went out.",
    credential: secretKey("posts:read"),
    params: postParam,
    query: z.object(PageQuery),
    answer: { status: 200, schema: PostNotificationListSchema, description: "A page of notifications." },
  },
  { verb: listPostNotifications, idAs: "postId" },
);
