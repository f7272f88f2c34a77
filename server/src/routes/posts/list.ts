import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { listPosts } from "../../core/posts/list.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonContent, requiresScope } from "../../http/openapi.js";
import { ListPostsQuery, PostListSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/posts",
  operationId: "listPosts",
  tags: ["Posts"],
  summary: "List posts",
  description: "Keyset-paginated: follow `nextCursor` until it is `null`. Merged and deleted posts are left out. Requires `posts:read`.",
  security: requiresScope("posts:read"),
  request: { query: ListPostsQuery },
  responses: { 200: jsonContent(PostListSchema, "A page of posts."), ...errorResponses() },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listPosts({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200));
}
