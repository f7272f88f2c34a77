import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createApiKey } from "../../core/api-keys/create.js";
import type { Scope } from "../../core/scopes.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { CreateApiKeySchema, CreatedApiKeySchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/api-keys",
  operationId: "createApiKey",
  tags: ["API keys"],
  summary: "Create an API key",
  description:
    "The answer holds the key itself, once; Heed stores only its SHA-256. A key can never grant a permission its creator lacks (403). Requires `api_keys:write`.",
  security: requiresScope("api_keys:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateApiKeySchema) },
  responses: { 201: jsonContent(CreatedApiKeySchema, "The new key, with its secret."), ...errorResponses({ body: true }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const created = await createApiKey({ ctx: c.get("ctx"), input: { ...body, scopes: body.scopes as Scope[] } });
    return c.json(created, 201);
  });
}
