import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteComment } from "../../core/comments/delete.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { commentParam } from "./schemas.js";

export const route = createRoute({
  method: "delete",
  path: "/comments/{id}",
  operationId: "deleteComment",
  tags: ["Comments"],
  summary: "Delete a comment",
  description: "Soft delete; replies to it stay. Emits `comment.deleted`. Requires `comments:write`.",
  security: requiresScope("comments:write"),
  request: { headers: IdempotencyHeaders, params: commentParam },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    await deleteComment({ ctx: c.get("ctx"), input: c.req.valid("param") });
    return c.body(null, 204);
  });
}
