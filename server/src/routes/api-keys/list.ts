import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listApiKeys } from "../../core/api-keys/list.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonContent, listOf, requiresScope } from "../../http/openapi.js";
import { ApiKeySchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/api-keys",
  operationId: "listApiKeys",
  tags: ["API keys"],
  summary: "List API keys",
  description: "Newest first, revoked keys included. Keys show only their prefix and last 4 characters. Requires `api_keys:read`.",
  security: requiresScope("api_keys:read"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(listOf(ApiKeySchema, "ApiKeyList"), "A page of API keys."), ...errorResponses() },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listApiKeys({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200));
}
