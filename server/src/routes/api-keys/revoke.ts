import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { revokeApiKey } from "../../core/api-keys/revoke.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, idParam, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { ApiKeySchema } from "./schemas.js";

export const route = createRoute({
  method: "delete",
  path: "/api-keys/{id}",
  operationId: "revokeApiKey",
  tags: ["API keys"],
  summary: "Revoke an API key",
  description: "The key stops working at once and stays listed with `revokedAt`. Revoking twice is harmless. Requires `api_keys:write`.",
  security: requiresScope("api_keys:write"),
  request: { headers: IdempotencyHeaders, params: idParam("key", "API key") },
  responses: { 200: jsonContent(ApiKeySchema, "The revoked key."), ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await revokeApiKey({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200));
}
