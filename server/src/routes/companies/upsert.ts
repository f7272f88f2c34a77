import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { upsertCompany } from "../../core/companies/upsert.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { CompanySchema, UpsertCompanySchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/companies",
  operationId: "upsertCompany",
  tags: ["Companies"],
  summary: "Create or update a company",
  description:
    "Upsert by `externalId`: creates the company (201) or updates it (200). `monthlySpend` keeps its value when absent. Safe to repeat and to send concurrently. Requires `users:write`.",
  security: requiresScope("users:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(UpsertCompanySchema) },
  responses: {
    200: jsonContent(CompanySchema, "The updated company."),
    201: jsonContent(CompanySchema, "The new company."),
    ...errorResponses({ body: true }),
  },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { company, created } = await upsertCompany({ ctx: c.get("ctx"), input: c.req.valid("json") });
    return created ? c.json(company, 201) : c.json(company, 200);
  });
}
