import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteStatus } from "../../core/statuses/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { statusParam } from "./schemas.js";

export const route = createRoute({
  method: "delete",
  path: "/statuses/{id}",
  operationId: "deleteStatus",
  tags: ["Statuses"],
  summary: "Delete a status",
  description: "Refused (409) while any post has it, deleted posts included, and for the default status. Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, params: statusParam },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found", "conflict"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    await deleteStatus({ ctx: c.get("ctx"), input: c.req.valid("param") });
    return c.body(null, 204);
  });
}
