import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getBoard } from "../../core/boards/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonContent, requiresScope } from "../../http/openapi.js";
import { BoardSchema, boardParam } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/boards/{id}",
  operationId: "getBoard",
  tags: ["Boards"],
  summary: "Get a board",
  description: "Requires `boards:read`.",
  security: requiresScope("boards:read"),
  request: { params: boardParam },
  responses: { 200: jsonContent(BoardSchema, "The board."), ...errorResponses({ extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getBoard({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200));
}
