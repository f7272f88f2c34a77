import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createStatus } from "../../core/statuses/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { CreateStatusSchema, StatusSchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/statuses",
  operationId: "createStatus",
  tags: ["Statuses"],
  summary: "Create a status",
  description: "Added at the end of the roadmap order; names are unique in the workspace (409). Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateStatusSchema) },
  responses: { 201: jsonContent(StatusSchema, "The new status."), ...errorResponses({ body: true }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createStatus({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201));
}
