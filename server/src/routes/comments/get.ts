import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getComment } from "../../core/comments/read.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonContent, requiresScope } from "../../http/openapi.js";
import { CommentSchema, commentParam } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/comments/{id}",
  operationId: "getComment",
  tags: ["Comments"],
  summary: "Get a comment",
  description: "Requires `comments:read`.",
  security: requiresScope("comments:read"),
  request: { params: commentParam },
  responses: { 200: jsonContent(CommentSchema, "The comment."), ...errorResponses({ extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getComment({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200));
}
