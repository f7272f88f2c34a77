import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listBoards } from "../../core/boards/list.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonContent, listOf, requiresScope } from "../../http/openapi.js";
import { BoardSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/boards",
  operationId: "listBoards",
  tags: ["Boards"],
  summary: "List boards",
  description: "Oldest first. Requires `boards:read`.",
  security: requiresScope("boards:read"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(listOf(BoardSchema, "BoardList"), "A page of boards."), ...errorResponses() },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listBoards({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200));
}
