import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { updatePost } from "../../core/posts/update.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders, postParam } from "../../http/openapi.js";
import { PostSchema, UpdatePostSchema } from "./schemas.js";

export const route = createRoute({
  method: "patch",
  path: "/posts/{id}",
  operationId: "updatePost",
  tags: ["Posts"],
  summary: "Update a post",
  description: "Changes only the fields given. Emits `post.updated`, and `post.status_changed` when the status changes. Requires `posts:write`.",
  security: requiresScope("posts:write"),
  request: { headers: IdempotencyHeaders, params: postParam, body: jsonBody(UpdatePostSchema) },
  responses: { 200: jsonContent(PostSchema, "The updated post."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updatePost({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, patch: c.req.valid("json") } }), 200));
}
