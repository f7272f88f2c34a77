import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { listComments } from "../../core/comments/read.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonContent, requiresScope, postParam } from "../../http/openapi.js";
import { CommentListSchema, ListCommentsQuery } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/posts/{id}/comments",
  operationId: "listComments",
  tags: ["Comments"],
  summary: "List a post's comments",
  description: "Public and internal comments, oldest first; replies carry `parentId`. Requires `comments:read`.",
  security: requiresScope("comments:read"),
  request: { params: postParam, query: ListCommentsQuery },
  responses: { 200: jsonContent(CommentListSchema, "A page of comments."), ...errorResponses({ extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { internal, ...page } = c.req.valid("query");
    const input = { ...page, postId: c.req.valid("param").id, internal: internal === undefined ? undefined : internal === "true" };
    return c.json(await listComments({ ctx: c.get("ctx"), input }), 200);
  });
}
