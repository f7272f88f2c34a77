import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteBoard } from "../../core/boards/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { DeleteBoardQuery, boardParam } from "./schemas.js";

export const route = createRoute({
  method: "delete",
  path: "/boards/{id}",
  operationId: "deleteBoard",
  tags: ["Boards"],
  summary: "Delete a board",
  description:
    "Refused with 409 while the board holds posts (deleted posts included), unless `movePostsTo` names another board to move them to. Emits `board.deleted`. Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, params: boardParam, query: DeleteBoardQuery },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found", "conflict"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    await deleteBoard({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, movePostsTo: c.req.valid("query").movePostsTo } });
    return c.body(null, 204);
  });
}
