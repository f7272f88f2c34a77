import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listCompanies } from "../../core/companies/list.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonContent, requiresScope } from "../../http/openapi.js";
import { CompanyListSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/companies",
  operationId: "listCompanies",
  tags: ["Companies"],
  summary: "List companies",
  description: "Newest first. Keyset-paginated: follow `nextCursor` until it is `null`. Requires `users:read`.",
  security: requiresScope("users:read"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(CompanyListSchema, "A page of companies."), ...errorResponses() },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listCompanies({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200));
}
