import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getCompany } from "../../core/companies/get.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, idParam, jsonContent, requiresScope } from "../../http/openapi.js";
import { CompanySchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/companies/{id}",
  operationId: "getCompany",
  tags: ["Companies"],
  summary: "Get a company",
  description: "Requires `users:read`.",
  security: requiresScope("users:read"),
  request: { params: idParam("cmp", "company") },
  responses: { 200: jsonContent(CompanySchema, "The company."), ...errorResponses({ extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getCompany({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200));
}
