import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createBoard } from "../../core/boards/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { BoardSchema, CreateBoardSchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/boards",
  operationId: "createBoard",
  tags: ["Boards"],
  summary: "Create a board",
  description: "The slug must be free in the workspace (409). Emits `board.created`. Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateBoardSchema) },
  responses: { 201: jsonContent(BoardSchema, "The new board."), ...errorResponses({ body: true, extra: ["conflict"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createBoard({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201));
}
