import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { reorderStatuses } from "../../core/statuses/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { ReorderStatusesSchema, StatusSchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/statuses/reorder",
  operationId: "reorderStatuses",
  tags: ["Statuses"],
  summary: "Reorder the statuses",
  description: "`ids` lists every status of the workspace once, in the new roadmap order. Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(ReorderStatusesSchema) },
  responses: { 200: jsonContent(z.object({ data: z.array(StatusSchema) }), "Every status, in the new order."), ...errorResponses({ body: true }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json({ data: await reorderStatuses({ ctx: c.get("ctx"), input: c.req.valid("json") }) }, 200));
}
