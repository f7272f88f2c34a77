import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getPost } from "../../core/posts/get.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonContent, requiresScope, postParam } from "../../http/openapi.js";
import { PostSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/posts/{id}",
  operationId: "getPost",
  tags: ["Posts"],
  summary: "Get a post",
  description: "Requires `posts:read`.",
  security: requiresScope("posts:read"),
  request: { params: postParam },
  responses: { 200: jsonContent(PostSchema, "The post."), ...errorResponses({ extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getPost({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200));
}
