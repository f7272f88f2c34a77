import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createPost } from "../../core/posts/create.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { CreatePostSchema, PostSchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/posts",
  operationId: "createPost",
  tags: ["Posts"],
  summary: "Create a post",
  description: "Emits `post.created`. Unknown fields are refused (400). Requires `posts:write`.",
  security: requiresScope("posts:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(CreatePostSchema) },
  responses: { 201: jsonContent(PostSchema, "The new post."), ...errorResponses({ body: true }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createPost({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201));
}
