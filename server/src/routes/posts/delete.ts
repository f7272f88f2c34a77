import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deletePost } from "../../core/posts/delete.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, requiresScope, IdempotencyHeaders, postParam } from "../../http/openapi.js";

export const route = createRoute({
  method: "delete",
  path: "/posts/{id}",
  operationId: "deletePost",
  tags: ["Posts"],
  summary: "Delete a post",
  description: "Soft delete: the post leaves every list and read; its votes and comments are kept. Emits `post.deleted`. Requires `posts:write`.",
  security: requiresScope("posts:write"),
  request: { headers: IdempotencyHeaders, params: postParam },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    await deletePost({ ctx: c.get("ctx"), input: c.req.valid("param") });
    return c.body(null, 204);
  });
}
