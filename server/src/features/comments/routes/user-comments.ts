import { z } from "@hono/zod-openapi";
import { listUserComments } from "../read.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CommentListSchema } from "../schema.js";
import { idParam, PageQuery } from "../../../platform/fields.js";

export const listUserCommentsOperation = defineOperation(
  {
    method: "get",
    path: "/users/{id}/comments",
    operationId: "listUserComments",
    tag: "End users",
    summary: "List an end user's comments",
    description: "What the end user wrote on the workspace's posts, newest first; each names its `postId`. Comments on deleted posts are left out.",
    credential: secretKey("comments:read"),
    params: idParam("usr", "end user"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: CommentListSchema, description: "A page of comments." },
  },
  { verb: listUserComments },
);
