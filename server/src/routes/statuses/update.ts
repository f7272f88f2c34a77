import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { updateStatus } from "../../core/statuses/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { StatusSchema, UpdateStatusSchema, statusParam } from "./schemas.js";

export const route = createRoute({
  method: "patch",
  path: "/statuses/{id}",
  operationId: "updateStatus",
  tags: ["Statuses"],
  summary: "Update a status",
  description:
    "Rename, recolour, change its category (its posts move with it on the roadmap) or make it the default. The default cannot be unset, only moved (409). Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, params: statusParam, body: jsonBody(UpdateStatusSchema) },
  responses: { 200: jsonContent(StatusSchema, "The updated status."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateStatus({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } }), 200));
}
