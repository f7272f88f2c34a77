import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { updateApiKey } from "../../core/api-keys/update.js";
import type { AppEnv } from "../../http/env.js";
import { IdempotencyHeaders, errorResponses, idParam, jsonBody, jsonContent, requiresScope } from "../../http/openapi.js";
import { ApiKeySchema, UpdateApiKeySchema } from "./schemas.js";

export const route = createRoute({
  method: "patch",
  path: "/api-keys/{id}",
  operationId: "updateApiKey",
  tags: ["API keys"],
  summary: "Rename a key or set its rate limit",
  description: "Scopes never change: mint a new key instead. Requires `api_keys:write`.",
  security: requiresScope("api_keys:write"),
  request: { headers: IdempotencyHeaders, params: idParam("key", "API key"), body: jsonBody(UpdateApiKeySchema) },
  responses: { 200: jsonContent(ApiKeySchema, "The key."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateApiKey({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } }), 200));
}
