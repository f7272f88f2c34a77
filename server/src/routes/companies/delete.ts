import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteCompany } from "../../core/companies/delete.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, idParam, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";

export const route = createRoute({
  method: "delete",
  path: "/companies/{id}",
  operationId: "deleteCompany",
  tags: ["Companies"],
  summary: "Delete a company",
  description: "Deletes the company for good. Its end users stay, with `company: null`. Requires `users:write`.",
  security: requiresScope("users:write"),
  request: { headers: IdempotencyHeaders, params: idParam("cmp", "company") },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    await deleteCompany({ ctx: c.get("ctx"), input: c.req.valid("param") });
    return c.body(null, 204);
  });
}
