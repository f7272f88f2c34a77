import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createComment } from "../../core/comments/create.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders, postParam } from "../../http/openapi.js";
import { CommentSchema, CreateCommentSchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/posts/{id}/comments",
  operationId: "createComment",
  tags: ["Comments"],
  summary: "Comment on a post",
  description:
    "Public or internal; `parentId` replies to a top-level comment (one level deep; a reply to an internal comment must be internal). The team may comment on locked posts. Emits `comment.created`. Requires `comments:write`.",
  security: requiresScope("comments:write"),
  request: { headers: IdempotencyHeaders, params: postParam, body: jsonBody(CreateCommentSchema) },
  responses: { 201: jsonContent(CommentSchema, "The new comment."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createComment({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), postId: c.req.valid("param").id } }), 201));
}
