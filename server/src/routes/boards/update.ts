import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { updateBoard } from "../../core/boards/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { BoardSchema, UpdateBoardSchema, boardParam } from "./schemas.js";

export const route = createRoute({
  method: "patch",
  path: "/boards/{id}",
  operationId: "updateBoard",
  tags: ["Boards"],
  summary: "Update a board",
  description: "Changes only the fields given. Emits `board.updated`. Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, params: boardParam, body: jsonBody(UpdateBoardSchema) },
  responses: { 200: jsonContent(BoardSchema, "The updated board."), ...errorResponses({ body: true, extra: ["not_found", "conflict"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateBoard({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } }), 200));
}
