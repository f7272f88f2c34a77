import { listComments } from "../read.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { CommentListSchema, ListCommentsQuery } from "../schema.js";

export const listCommentsOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}/comments",
    operationId: "listComments",
    cache: true,
    tag: "Comments",
    summary: "List a post's comments",
    description: "Public and internal comments, oldest first; replies carry `parentId`.",
    credential: secretKey("comments:read"),
    params: postParam,
    query: ListCommentsQuery,
    answer: { status: 200, schema: CommentListSchema, description: "A page of comments." },
  },
  async (c) => {
    const { internal, ...page } = c.req.valid("query");
    const input = { ...page, postId: c.req.valid("param").id, internal: internal === undefined ? undefined : internal === "true" };
    return c.json(await listComments({ ctx: c.get("ctx"), input }), 200);
  },
);
