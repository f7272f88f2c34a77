import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { updateComment } from "../../core/comments/update.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { CommentSchema, UpdateCommentSchema, commentParam } from "./schemas.js";

export const route = createRoute({
  method: "patch",
  path: "/comments/{id}",
  operationId: "updateComment",
  tags: ["Comments"],
  summary: "Update a comment",
  description: "Edit the text, or move the comment between public and internal. Emits `comment.updated`. Requires `comments:write`.",
  security: requiresScope("comments:write"),
  request: { headers: IdempotencyHeaders, params: commentParam, body: jsonBody(UpdateCommentSchema) },
  responses: { 200: jsonContent(CommentSchema, "The updated comment."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateComment({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } }), 200));
}
